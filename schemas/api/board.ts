import { IdParams } from '../content.ts'
import * as v from 'valibot'
import { MessageAnswer, route } from './contract.ts'
import { BoardBookingSchema, BoardListingSchema, BoardQuery, ListingBody, PartnerProfileBody, PartnerProfileSchema, SeatBody } from '../board.ts'

/** Find Partners (issue 20): the board, listings and seats, the admin's view of the board, the partner settings. */

const listings = v.object({ listings: v.array(BoardListingSchema) })

export const boardContracts = {
  board: route('GET', '/board', { query: BoardQuery, answer: listings }),
  list: route('POST', '/board/listings', { body: ListingBody, answer: v.object({ listing: BoardListingSchema, message: v.string() }) }),
  /** The host's configure page: whether its session is listed, and on which terms (issue 30). */
  listingOf: route('GET', '/board/sessions/:code/listing', { answer: v.object({ listing: v.nullable(BoardListingSchema) }) }),
  takeSeat: route('POST', '/board/listings/:id/seats', {
    params: IdParams,
    body: SeatBody,
    answer: v.object({
      sessionCode: v.string(),
      role: BoardBookingSchema.entries.role,
      /** ISO; null when the seat is in the room open now. */
      startsAt: v.nullable(v.string()),
      message: v.string(),
    }),
  }),
  cancel: route('DELETE', '/board/listings/:id', { params: IdParams, answer: MessageAnswer }),
  adminListings: route('GET', '/admin/board', { answer: listings }),
  adminRemove: route('DELETE', '/admin/board/listings/:id', { params: IdParams, answer: MessageAnswer }),
  profile: route('GET', '/profile/partners', { answer: v.object({ profile: PartnerProfileSchema }) }),
  saveProfile: route('PUT', '/profile/partners', { body: PartnerProfileBody, answer: v.object({ profile: PartnerProfileSchema, message: v.string() }) }),
}
