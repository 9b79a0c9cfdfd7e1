import styled from 'styled-components'
import type { ActiveSessionItem } from '../../schemas/session-wire.ts'
import { ButtonLink } from '../components/Button.tsx'
import { RoleBadge } from '../session/RoleBadge.tsx'
import { timeFor, useShownZone } from '../board/times.ts'
import { phaseLabel } from '../session/RoomHeader.tsx'
import { theme } from '../theme.ts'

/**
 * The sessions the user is still in; each resumes in its room. Times are in the user's zone; a planned
 * slot still to come says its time rather than its phase and creation.
 */
export function ActiveSessions({ sessions }: { sessions: ActiveSessionItem[] }) {
  const zone = useShownZone()
  return (
    <section aria-labelledby="active-sessions-heading">
      <h2 id="active-sessions-heading">Active Sessions</h2>
      {sessions.length === 0 ? (
        <Muted>You are not in any session right now.</Muted>
      ) : (
        <List>
          {sessions.map((session) => (
            <Item key={session.code}>
              <div>
                <Title>{session.title}</Title>
                <Details>
                  <RoleBadge role={session.userRole} />
                  <span>Code {session.code}</span>
                  {session.plannedStartsAt ? (
                    <span>
                      Planned for <time dateTime={session.plannedStartsAt}>{timeFor(session.plannedStartsAt, zone)}</time>
                    </span>
                  ) : (
                    <span>{phaseLabel(session.phase)}</span>
                  )}
                  <span>
                    {session.participantCount} {session.participantCount === 1 ? 'participant' : 'participants'}
                  </span>
                  {!session.plannedStartsAt && (
                    <span>
                      Created <time dateTime={session.createdAt}>{timeFor(session.createdAt, zone)}</time>
                    </span>
                  )}
                </Details>
              </div>
              <ButtonLink href={`/session/${encodeURIComponent(session.code)}/room`} aria-label={`Resume ${session.title}`}>
                Resume
              </ButtonLink>
            </Item>
          ))}
        </List>
      )}
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const List = styled.ul`
  margin: 0 0 24px;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
`

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
`

const Title = styled.p`
  margin: 0 0 6px;
  font-weight: 700;
  overflow-wrap: anywhere;
`

const Details = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
