import styled from 'styled-components'
import type { BoardListing } from '../../schemas/board.ts'
import { reliabilityWords } from '../../schemas/partners/reliability.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { minutesLabel } from '../session/room/config-form.ts'
import { bookingsInWords } from './CancelListingDialog.tsx'
import { monthName, timeFor } from './times.ts'
import { CardListItem, FactList } from '../components/FactCard.ts'

type Role = 'PATIENT' | 'OBSERVER'

export const seatName = (role: Role) => (role === 'PATIENT' ? 'Patient' : 'Observer')

/** The seats offered, each free or taken: "Patient taken · Observers: 1 of 2 free". */
function seatsOf(listing: BoardListing): string {
  const patient = listing.patientSeat && (listing.patientSeatFree ? 'Patient free' : 'Patient taken')
  const observers = listing.observerSeats > 0 && `Observers: ${listing.observerSeatsFree} of ${listing.observerSeats} free`
  return [patient, observers].filter(Boolean).join(' · ')
}

/** What a listing's card says of its topic: the chosen topics, or the recall range. */
function topicsOf(listing: BoardListing): string {
  if (listing.sessionType === 'RECALL') return `Recall ${listing.recallStartDate ?? ''} to ${listing.recallEndDate ?? ''}`
  return listing.topics.join(', ')
}

const timingOf = (listing: BoardListing) =>
  `${minutesLabel(listing.readingTime)} reading, ${minutesLabel(listing.consultationTime)} consultation (${listing.timingType === 'COUNTDOWN' ? 'countdown' : 'stopwatch'})`

/**
 * One listing: host (name, exam month, time zone, how often they came to planned sessions), topics, the start in
 * the viewer's zone (named: the host's may differ), each seat free or taken and the note (plain text: React
 * writes it as text, never as markup). One click takes a seat; someone with a seat is told so and offered none;
 * the host cancels; anyone else may propose the host another time (issue 36).
 */
export function ListingCard(props: { listing: BoardListing; viewerZone: string; busy: boolean; onTake(role: Role): void; onCancel(): void; onPropose?(): void }) {
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
        <dt>Reliability</dt>
        <dd>{reliabilityWords(listing.hostReliability)}</dd>
        <dt>Topics</dt>
        <dd>{topicsOf(listing)}</dd>
        <dt>Timing</dt>
        <dd>{timingOf(listing)}</dd>
        <dt>Starts</dt>
        <dd>{listing.startsAt ? timeFor(listing.startsAt, viewerZone, { nameZone: true }) : 'Now: the room is open'}</dd>
        <dt>Seats</dt>
        <dd>{seatsOf(listing)}</dd>
        {listing.bookings.length > 0 && (
          <>
            <dt>Booked</dt>
            <dd>{bookingsInWords(listing.bookings)}</dd>
          </>
        )}
      </Facts>
      {listing.note && <Note>{listing.note}</Note>}
      {listing.yourSeat && (
        <Booked>
          {listing.startsAt ? 'You are booked as' : 'You are in this session as'} {seatName(listing.yourSeat)}
        </Booked>
      )}
      <Actions>
        {listing.yourSeat ? null : listing.isMine ? (
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
            {props.onPropose && (
              <Button type="button" $variant="secondary" disabled={busy} onClick={props.onPropose} aria-describedby={headingId}>
                Propose another time
              </Button>
            )}
          </>
        )}
      </Actions>
    </Item>
  )
}

const Item = styled(CardListItem)`
  && h2 { font-size: 1.15rem; }
`
const Facts = FactList

const Booked = styled.p`
  margin: 0 0 12px;
  font-weight: 600;
  color: ${theme.color.success};
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
