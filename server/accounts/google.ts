import { OAuth2Client } from 'google-auth-library'

export interface GoogleIdentity {
  googleId: string
  email: string
  emailVerified: boolean
  name: string
}

export interface GoogleVerifier {
  verify(idToken: string): Promise<GoogleIdentity | null>
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com']

/**
 * Verifies a Google Identity Services credential: signature, audience (our client id), issuer and expiry.
 * `certs` lets tests (and air-gapped installs) supply the signing keys instead of fetching Google's.
 */
export function createGoogleVerifier(clientId: string, certs?: Record<string, string>): GoogleVerifier {
  const client = new OAuth2Client({ clientId })
  return {
    async verify(idToken) {
      try {
        const keys = certs ?? (await client.getFederatedSignonCertsAsync()).certs
        const ticket = await client.verifySignedJwtWithCertsAsync(idToken, keys, clientId, ISSUERS)
        const payload = ticket.getPayload()
        if (!payload?.sub || !payload.email) return null
        return {
          googleId: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
          name: payload.name?.trim() || payload.email,
        }
      } catch {
        return null
      }
    },
  }
}
