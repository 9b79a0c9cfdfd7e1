import styled from 'styled-components'
import type { BoardListing } from '../../schemas/board.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { minutesLabel } from '../session/room/config-form.ts'
import { monthName, startIn } from './times.ts'

type Role = 'PATIENT' | 'OBSERVER'

/** What a listing's card says of its topic: the chosen topics, or the recall range. */
function topicsOf(listing: BoardListing): string {
  if (listing.sessionType === 'RECALL') return `Recall ${listing.recallStartDate ?? ''} to ${listing.recallEndDate ?? ''}`
  return listing.topics.join(', ')
}

const timingOf = (listing: BoardListing) =>
  `${minutesLabel(listing.readingTime)} reading, ${minutesLabel(listing.consultationTime)} consultation (${listing.timingType === 'COUNTDOWN' ? 'countdown' : 'stopwatch'})`

/**
 * One listing: host (name, exam month, time zone), topics, the start in the viewer's zone, seats free and the
 * note (plain text: React writes it as text, never as markup). One click takes a seat; the host cancels.
 */
export function ListingCard(props: { listing: BoardListing; viewerZone: string; busy: boolean; onTake(role: Role): void; onCancel(): void }) {
  const { listing, viewerZone, busy } = props
  const headingId = `listing-${listing.id}`
  return (
    <Item aria-labelledby={headingId}>
      <h2 id={headingId}>{listing.title}</h2>
      <Facts>
        <dt>Host</dt>
        <dd>
          {listing.hostName}
          {listing.hostExamMonth && ` · exam ${monthName(listing.hostExamMonth)}`}
          {listing.hostTimeZone && ` · ${listing.hostTimeZone}`}
        </dd>
        <dt>Topics</dt>
        <dd>{topicsOf(listing)}</dd>
        <dt>Timing</dt>
        <dd>{timingOf(listing)}</dd>
        <dt>Starts</dt>
        <dd>{listing.startsAt ? startIn(listing.startsAt, viewerZone) : 'Now: the room is open'}</dd>
        <dt>Seats free</dt>
        <dd>
          {[listing.patientSeatFree && 'patient', listing.observerSeatsFree > 0 && `${listing.observerSeatsFree} observer`].filter(Boolean).join(', ')}
        </dd>
      </Facts>
      {listing.note && <Note>{listing.note}</Note>}
      <Actions>
        {listing.isMine ? (
          <Button type="button" $variant="secondary" disabled={busy} onClick={props.onCancel}>
            Cancel listing
          </Button>
        ) : (
          <>
            {listing.patientSeatFree && (
              <Button type="button" disabled={busy} onClick={() => props.onTake('PATIENT')} aria-describedby={headingId}>
                Take patient seat
              </Button>
            )}
            {listing.observerSeatsFree > 0 && (
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => props.onTake('OBSERVER')} aria-describedby={headingId}>
                Take observer seat
              </Button>
            )}
          </>
        )}
      </Actions>
    </Item>
  )
}

const Item = styled.li`
  list-style: none;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 16px;
  && h2 { font-size: 1.15rem; margin: 0 0 8px; overflow-wrap: anywhere; }
`

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 8px;
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

const Note = styled.p`
  margin: 0 0 12px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
