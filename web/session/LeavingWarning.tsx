import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import styled from 'styled-components'
import { keptNotice, leavingWarning, type LeavingAction } from './room/leaving-warning.ts'
import type { ActiveSessionItem } from '../../schemas/session-wire.ts'
import { sessionsApi } from '../api/sessions.ts'
import { timeFor, useTimeZone } from '../board/times.ts'
import { theme } from '../theme.ts'
import { phaseLabel } from './RoomHeader.tsx'
import { roomPath } from './SessionCode.tsx'

/**
 * On the create and join pages: the session the user is in, which going on would leave (for the others too),
 * with a way back to it; a planned slot still to come, which going on keeps. Nothing while the list loads, when
 * it cannot be read, or when the user is in none. `children` (a way not to leave, on the create page) show only
 * when there is a session to leave.
 */
export function LeavingWarning({ action, children }: { action: LeavingAction; children?: ReactNode }) {
  const sessions = useActiveSessions()
  const { zone } = useTimeZone()
  return (
    <>
      {/* A polite status region: the list arrives after the page, and a screen reader is told when it does. */}
      <div role="status">
        {sessions.map((session) => (
          <Warning key={session.code}>
            <p>
              {session.plannedStartsAt
                ? keptNotice(session, timeFor(session.plannedStartsAt, zone), action)
                : leavingWarning(session, phaseLabel(session.phase), action)}
            </p>
            <Link href={roomPath(session.code)}>Back to '{session.title}'</Link>
          </Warning>
        ))}
      </div>
      {sessions.length > 0 && children}
    </>
  )
}

function useActiveSessions(): ActiveSessionItem[] {
  const [sessions, setSessions] = useState<ActiveSessionItem[]>([])
  useEffect(() => {
    const controller = new AbortController()
    sessionsApi.active(controller.signal).then(
      (active) => {
        if (!controller.signal.aborted) setSessions(active)
      },
      // Like the dashboard (SPEC section 8): a list that cannot be read shows nothing.
      () => undefined,
    )
    return () => controller.abort()
  }, [])
  return sessions
}

const Warning = styled.div`
  margin-bottom: 16px;
  padding: 12px 14px;
  border-radius: ${theme.radius.small};
  border: 1px solid ${theme.color.warning};
  background: ${theme.color.warningSoft};
  color: ${theme.color.warning};
  overflow-wrap: anywhere;
  p { margin: 0 0 8px; font-weight: 600; }
  a { color: inherit; font-weight: 600; }
`
