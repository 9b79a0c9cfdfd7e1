import { OAuth2Client } from 'google-auth-library'

export interface GoogleIdentity {
  googleId: string
  email: string
  emailVerified: boolean
  /**
   * Google is the authority for this address, not merely a witness that someone once verified it: a Gmail
   * address, or one of a Google Workspace domain (the `hd` claim). Google's own advice for linking accounts.
   */
  emailOwnedByGoogleAccount: boolean
  name: string
}

const GMAIL = /@(gmail|googlemail)\.com$/

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
        const email = payload.email.toLowerCase()
        const emailVerified = payload.email_verified === true
        return {
          googleId: payload.sub,
          email,
          emailVerified,
          emailOwnedByGoogleAccount: emailVerified && (GMAIL.test(email) || Boolean(payload.hd)),
          name: payload.name?.trim() || payload.email,
        }
      } catch {
        return null
      }
    },
  }
}
