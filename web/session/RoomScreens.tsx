import { useEffect } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { Alert } from '../components/Alert.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'

/** SPEC section 9: the session-ended screen leads back to the dashboard after 3 s. */
export const ENDED_REDIRECT_MS = 3000

export function SessionEndedScreen({ reason }: { reason: string }) {
  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard'), ENDED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <FormPage title="Session ended">
      <p role="status">Session ended: {reason}</p>
      <p>Taking you to your dashboard…</p>
      <ButtonLink href="/dashboard">Back to Dashboard</ButtonLink>
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
