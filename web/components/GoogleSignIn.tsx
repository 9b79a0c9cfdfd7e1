import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import type { AuthResponse } from '../../schemas/auth.ts'
import { loginWithGoogle } from '../api/auth.ts'
import { ApiError } from '../api/client.ts'
import { loadGoogleScript } from '../auth/google-script.ts'
import { loadPublicConfig } from '../site-settings.ts'
import { theme } from '../theme.ts'
import { Alert } from './Alert.tsx'

/** SPEC section 8, Google. The server's 401 and 500 have fixed meanings; other failures quote the server. */
export function googleErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid Google account credentials. Please try again.'
    if (error.status === 500) return 'Server configuration error. Google OAuth may not be properly configured.'
    // A suspended account (issue 36): Google said who it is; the suspension's own words say why it may not enter.
    if (error.status === 403 && error.serverError) return error.serverError
    if (error.serverError) return `Google authentication failed: ${error.serverError}`
  }
  return 'Google authentication failed. Please try again.'
}

/** Rendered only when the server has a Google client id (GET /api/config); otherwise nothing at all. */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  const [clientId, setClientId] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const buttonRef = useRef<HTMLDivElement>(null)
  // The GIS callback outlives renders; keep the latest handler without re-initialising Google.
  const onSignedInRef = useRef(onSignedIn)
  onSignedInRef.current = onSignedIn

  useEffect(() => {
    loadPublicConfig()
      .then((config) => setClientId(config.googleClientId))
      .catch(() => setClientId(null))
  }, [])

  useEffect(() => {
    if (!clientId) return
    let active = true
    const handleCredential = async ({ credential }: { credential?: string }) => {
      if (!credential) return setError('Google authentication failed. Please try again.')
      setError(null)
      setPending(true)
      try {
        onSignedInRef.current(await loginWithGoogle(credential))
      } catch (failure) {
        if (active) setError(googleErrorMessage(failure))
      } finally {
        if (active) setPending(false)
      }
    }
    loadGoogleScript()
      .then(() => {
        const identity = window.google?.accounts?.id
        const parent = buttonRef.current
        if (!active) return
        if (!identity || !parent) return setError('Google Sign-In is not available. Please try again later.')
        identity.initialize({ client_id: clientId, callback: (response) => void handleCredential(response), ux_mode: 'popup' })
        identity.renderButton(parent, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', width: Math.min(parent.offsetWidth || 280, 400) })
      })
      .catch(() => {
        if (active) setError('Failed to initialize Google Sign-In')
      })
    return () => {
      active = false
    }
  }, [clientId])

  if (!clientId) return null
  return (
    <Wrapper aria-label="Sign in with Google">
      <Divider>
        <span>or</span>
      </Divider>
      {error && <Alert tone="error">{error}</Alert>}
      {pending && <p role="status">Signing in with Google...</p>}
      <div ref={buttonRef} data-testid="google-button" />
    </Wrapper>
  )
}

const Wrapper = styled.section`
  margin-top: 8px;
  overflow: hidden;
`

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
  color: ${theme.color.muted};
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${theme.color.border}; }
`
