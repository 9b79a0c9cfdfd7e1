import { useState } from 'react'
import styled from 'styled-components'
import type { ParticipantView } from '../../schemas/session-wire.ts'
import { detectedTimeZone } from '../board/times.ts'
import { SafetyActions } from '../partners/SafetyActions.tsx'
import { theme } from '../theme.ts'
import { peopleSeen } from './room/people-seen.ts'

/**
 * "Report or block someone" in the room (issue 36): the same Report and Block as on Find Partners, for each other
 * person met here, most of them strangers who joined with the code. Folded away by default so that it never
 * competes with the station; a report names this session. A block does not take anyone out of the running
 * session (the dialog says so); the room then says whom this user blocked instead of offering it again, and
 * still offers Report.
 */
export function RoomSafety({ code, participants, userId }: { code: string; participants: readonly ParticipantView[]; userId: number }) {
  const [seen, setSeen] = useState(() => peopleSeen([], participants, userId))
  const [blocked, setBlocked] = useState<ReadonlySet<number>>(new Set())
  const [message, setMessage] = useState('')
  const latest = peopleSeen(seen, participants, userId)
  if (latest !== seen) setSeen(latest)
  // An admin looking in holds no seat: reports and blocks are between candidates who met.
  if (latest.length === 0 || !participants.some((p) => p.userId === userId)) return null
  return (
    <Box>
      <summary>Report or block someone</summary>
      <Hint>Only the administrators read reports, and nobody is told who reported or blocked them.</Hint>
      <People aria-label="People in this session">
        {latest.map((person) => (
          <li key={person.userId}>
            <strong>{person.name}</strong>
            <Actions>
              <SafetyActions
                person={person}
                // The report names this session, so the dialog shows no dates to put in a zone.
                zone={detectedTimeZone()}
                sessionCode={code}
                blocked={blocked.has(person.userId)}
                onBlocked={(them, said) => {
                  setBlocked((ids) => new Set(ids).add(them.userId))
                  setMessage(said)
                }}
              />
            </Actions>
          </li>
        ))}
      </People>
      <p role="status">{message}</p>
    </Box>
  )
}

const Box = styled.details`
  margin-top: 16px;
  padding: 12px 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  summary { cursor: pointer; font-weight: 600; padding: 6px 0; }
  p[role='status']:empty { margin: 0; }
`

const Hint = styled.p`
  color: ${theme.color.muted};
`

const People = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0 0 8px;
  padding: 0;
  li {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    overflow-wrap: anywhere;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
