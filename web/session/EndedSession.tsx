import styled from 'styled-components'
import { Link } from 'wouter'
import { SESSION_ENDED } from '../../schemas/session/machine.ts'
import { isRunning, type SessionStatus } from '../../schemas/session/types.ts'
import { useDebriefLinks } from '../debrief/useDebriefLinks.ts'
import { ButtonLink } from '../components/Button.tsx'
import { RoleBadge } from './RoleBadge.tsx'
import { debriefPath } from './SessionCode.tsx'

/** Both final statuses of the wire contract (WIRE.md): nobody joins or returns to such a session. */
export const isFinished = (status: SessionStatus) => !isRunning(status)

/** "This session has ended: <why>." Reasons come with or without their full stop ('Session has been ended by the doctor.'). */
export function endedSentence(reason: string | null): string {
  if (!reason) return `${SESSION_ENDED}.`
  return `${SESSION_ENDED}: ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`
}

/**
 * The role page of a session that is over: it says so rather than "you are already in this session", and leads
 * to what is left of it: the debriefs of the rounds this user sat as doctor, and the dashboard with the feedback.
 */
export function EndedSession({ code, userRole, reason }: { code: string; userRole: string | null; reason: string | null }) {
  const debriefs = useDebriefLinks(code)
  return (
    <Box>
      <p role="status">
        <strong>{endedSentence(reason)}</strong>
        {userRole && (
          <>
            {' '}
            You took part as <RoleBadge role={userRole} />.
          </>
        )}
      </p>
      {debriefs.length > 0 && (
        <ul aria-label="Your debriefs">
          {debriefs.map((link) => (
            <li key={link.round}>
              <Link href={debriefPath(code, link.round)}>
                Debrief of round {link.round}: {link.caseTitle}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ButtonLink href="/dashboard">Go to your dashboard</ButtonLink>
    </Box>
  )
}


const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
  p { margin: 0; }
  ul { margin: 0; padding-left: 20px; }
  a { overflow-wrap: anywhere; }
`
