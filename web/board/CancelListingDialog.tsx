import type { BoardBooking, BoardListing } from '../../schemas/board.ts'
import { ConfirmDialog } from '../admin/ConfirmDialog.tsx'
import { inWords } from '../session/room/words.ts'
import { timeFor } from './times.ts'

/** "Ada (patient) and Ben (observer)". */
export const bookingsInWords = (bookings: BoardBooking[]) => inWords(bookings.map((booking) => `${booking.name} (${booking.role.toLowerCase()})`))

/**
 * The host's "Cancel listing" asks first, saying what it does (issue 30): a planned slot's session ends and whoever
 * booked is told by email, with a calendar cancellation; a room open now only leaves the board.
 */
export function CancelListingDialog(props: { listing: BoardListing; zone: string; onConfirm(): Promise<void>; onClose(): void }) {
  const { listing } = props
  const booked = bookingsInWords(listing.bookings)
  return (
    <ConfirmDialog
      title={listing.startsAt ? 'Cancel this practice?' : 'Take this listing off the board?'}
      confirmLabel={listing.startsAt ? 'Cancel the practice' : 'Take it off the board'}
      cancelLabel="Keep it"
      danger={listing.startsAt !== null}
      failureMessage="Could not cancel the listing"
      onConfirm={props.onConfirm}
      onCancel={props.onClose}
    >
      {listing.startsAt ? (
        <p>
          “{listing.title}”, planned for {timeFor(listing.startsAt, props.zone, { nameZone: true })}, will not take place: its session ends.{' '}
          {booked ? `${booked} ${listing.bookings.length === 1 ? 'is' : 'are'} told by email, and it leaves their calendars.` : 'Nobody has booked a seat yet.'}
        </p>
      ) : (
        <p>
          “{listing.title}” leaves the board. The room stays open{booked ? `, with ${booked} in it` : ''}.
        </p>
      )}
    </ConfirmDialog>
  )
}
