import { useRef, useState } from 'react'
import styled from 'styled-components'
import { navigate } from 'wouter/use-browser-location'
import { seatTaken } from '../../schemas/session/participants.ts'
import { fromWireRole, type SessionDetails } from '../../schemas/session-wire.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { sessionsApi } from '../api/sessions.ts'
import { Alert } from '../components/Alert.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { Card } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { EndedSession, isFinished } from '../session/EndedSession.tsx'
import { RoleBadge } from '../session/RoleBadge.tsx'
import { RoleChoice, type JoinableRole } from '../session/RoleChoice.tsx'
import { SessionCode, configurePath, roomPath, useSessionCode } from '../session/SessionCode.tsx'
import { readSession } from '../session/server-clock.ts'
import { usePolling } from '../session/usePolling.ts'

/** SPEC section 9: the role page reads the session every 2 s, so a role taken meanwhile shows at once. */
export const ROLE_POLL_MS = 2000

function loadError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 404) return 'Session not found'
  if (failure instanceof ApiError && failure.status === 400) return 'Invalid session code'
  return errorMessage(failure, 'Failed to load session information')
}

export default function RoleSelection() {
  usePageTitle('Choose your role')
  const code = useSessionCode()
  const [info, setInfo] = useState<SessionDetails | null>(null)
  const [error, setError] = useState<string | null>(code ? null : 'Invalid session code')
  const [role, setRole] = useState<JoinableRole | null>(null)
  const [joinError, setJoinError] = useState<string | null>(null)
  const [joining, setJoining] = useState(false)

  // A code that names no session (to this user) will not name one on the next poll; reading it again would only
  // use up the user's budget of wrong codes, which every session route shares. Kept with its code: the same page
  // opened for another code reads that one.
  const notFoundCode = useRef<string | null>(null)

  // Before joining, the session read is the lobby: title, participants and their roles, never the case.
  usePolling(async (signal) => {
    if (!code || notFoundCode.current === code) return
    try {
      const answer = await readSession(code, signal)
      if (signal.aborted) return
      setInfo(answer)
      setError(null)
    } catch (failure) {
      // A poll refused by the rate limit changes nothing: the next one shows the room as it is.
      if (signal.aborted || (failure instanceof ApiError && failure.status === 429)) return
      if (failure instanceof ApiError && failure.status === 404) {
        notFoundCode.current = code
        setInfo(null)
      }
      setError(loadError(failure))
    }
  }, ROLE_POLL_MS)

  const patientTaken = seatTaken((info?.participants ?? []).map((p) => ({ role: fromWireRole(p.role) })), 'PATIENT')
  const chosen = role === 'patient' && patientTaken ? null : role

  const join = async () => {
    if (!chosen || joining) return
    setJoining(true)
    setJoinError(null)
    try {
      const answer = await sessionsApi.joinWithRole(code, chosen)
      navigate(answer.isHost ? configurePath(code) : roomPath(code))
    } catch (failure) {
      setJoinError(errorMessage(failure, 'Failed to join session with selected role'))
      setJoining(false)
    }
  }

  return (
    <Page>
      <Card>
        <h1>{info?.title ?? 'Join a session'}</h1>
        {code && <SessionCode code={code} />}
        {error && <Alert tone="error">{error}</Alert>}
        {info && isFinished(info.status) ? (
          <EndedSession code={code} userRole={info.userRole} reason={info.endedReason} />
        ) : info?.userRole ? (
          <AlreadyIn>
            <p>
              You are already in this session as <RoleBadge role={info.userRole} />.
            </p>
            <ButtonLink href={roomPath(code)}>Go to the room</ButtonLink>
            {info.isHost && (
              <ButtonLink href={configurePath(code)} $variant="secondary">
                Configure
              </ButtonLink>
            )}
          </AlreadyIn>
        ) : (
          info && (
            <>
              <RoleChoice value={chosen} onChange={setRole} patientTaken={patientTaken} />
              {joinError && <Alert tone="error">{joinError}</Alert>}
              <Button type="button" $block onClick={join} disabled={!chosen || joining}>
                {joining ? 'Joining…' : 'Join Session'}
              </Button>
            </>
          )
        )}
        {!info && !error && <p>Loading session…</p>}
      </Card>
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 720px;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { overflow-wrap: anywhere; }
`

const AlreadyIn = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  p { flex-basis: 100%; margin: 0; }
`
