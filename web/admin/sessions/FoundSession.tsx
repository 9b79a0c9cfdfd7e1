import { useId } from 'react'
import styled from 'styled-components'
import type { AdminSessionItem } from '../../../schemas/api/admin-sessions.ts'
import { PHASE_LABEL } from '../../../schemas/labels.ts'
import { timeFor } from '../../board/times.ts'
import { ButtonLink } from '../../components/Button.tsx'
import { CardListItem, FactList } from '../../components/FactCard.ts'
import { visuallyHidden } from '../../global-style.ts'
import { participantText, STATUS_LABEL } from './session-search.ts'
import { timelineAddress } from './timeline-address.ts'

/** One session found: where it stands, who sat where, when it ran, and the way to its timeline. */
export function FoundSession({ session, zone }: { session: AdminSessionItem; zone: string }) {
  const headingId = useId()
  const when = (at: string | null, otherwise: string) => (at ? <time dateTime={at}>{timeFor(at, zone, { length: 'long' })}</time> : otherwise)
  return (
    <CardListItem aria-labelledby={headingId}>
      <h3 id={headingId}>
        {session.code}
        {session.title && `: ${session.title}`}
      </h3>
      <FactList>
        <dt>Phase</dt>
        <dd>{PHASE_LABEL[session.phase]}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABEL[session.status]}</dd>
        <dt>Participants</dt>
        <dd>
          {session.participants.length === 0 ? (
            'Nobody took a seat'
          ) : (
            <People>
              {session.participants.map((person) => (
                <li key={person.userId}>{participantText(person)}</li>
              ))}
            </People>
          )}
        </dd>
        <dt>Rounds</dt>
        <dd>{session.rounds}</dd>
        <dt>Created</dt>
        <dd>{when(session.createdAt, '')}</dd>
        <dt>Started</dt>
        <dd>{when(session.startedAt, 'Not started')}</dd>
        <dt>Ended</dt>
        <dd>{when(session.endedAt, session.startedAt ? 'Not ended' : 'Not started')}</dd>
      </FactList>
      <ButtonLink href={timelineAddress(session.code)} $variant="secondary">
        Open timeline<Hidden> of session {session.code}</Hidden>
      </ButtonLink>
    </CardListItem>
  )
}

const People = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`

const Hidden = styled.span`
  ${visuallyHidden}
`
