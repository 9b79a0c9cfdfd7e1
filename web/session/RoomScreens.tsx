import { useEffect } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'

/** SPEC section 9: the session-ended screen leads back to the dashboard after 3 s. */
export const ENDED_REDIRECT_MS = 3000

/** `resultSheet`: the result sheet's address once a mock exam is over; the page then stays, for the candidate to open it. */
export function SessionEndedScreen({ reason, resultSheet = null }: { reason: string; resultSheet?: string | null }) {
  useEffect(() => {
    if (resultSheet) return
    const timer = setTimeout(() => navigate('/dashboard'), ENDED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [resultSheet])
  return (
    <FormPage title="Session ended">
      <p role="status">Session ended: {reason}</p>
      {resultSheet ? <ButtonLink href={resultSheet}>See your result sheet</ButtonLink> : <p>Taking you to your dashboard…</p>}{' '}
      <ButtonLink href="/dashboard" $variant={resultSheet ? 'secondary' : undefined}>
        Back to Dashboard
      </ButtonLink>
    </FormPage>
  )
}

export function RoomErrorScreen({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const notFound = message === 'Session data not found'
  return (
    <FormPage title={notFound ? 'Session data not found' : 'Could not open the session'}>
      {!notFound && <Alert tone="error">{message}</Alert>}
      <p>
        <ButtonLink href="/dashboard">Back to Dashboard</ButtonLink>{' '}
        {onRetry && (
          <Button type="button" $variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </p>
    </FormPage>
  )
}

export const NO_CODE = 'No session code provided'
/** Someone who is not in the room reads only its lobby (no case): the room is not theirs to enter. */
export const ACCESS_DENIED = "Access denied. You don't have permission to access this session."

/** The room's load errors of SPEC section 8, by the answer's status. */
export function roomLoadError(failure: unknown, code: string): string {
  if (!(failure instanceof ApiError)) return `Failed to load session data: ${failure instanceof Error ? failure.message : String(failure)}`
  if (failure.isNetworkError) return NETWORK_ERROR_MESSAGE
  if (failure.status === 404) return `Session not found. Please verify the session code: ${code}`
  if (failure.status === 401) return 'Authentication failed. Please log in again.'
  if (failure.status === 403) return ACCESS_DENIED
  if (failure.status >= 500) return 'Server error. Please try again later or contact support.'
  return `Failed to load session data: ${failure.serverError ?? failure.message}`
}
