import type { BoardBooking, BoardListing } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import { isRunning } from '../../schemas/session/types.ts'
import type { ListingRow } from './listings-repo.ts'

/**
 * What one viewer is told of the seats of each listing beyond the counts (issue 30): the seat they booked, and,
 * on their own listings, who booked which seat (names as the room shows them, never an email).
 */
export type ViewerSeats = Pick<BoardListing, 'yourSeat' | 'bookings'>

/** The viewer's seats and their listings' bookings, by listing id, in one statement. */
export async function seatsSeenBy(db: Db, viewerId: number, rows: ListingRow[]): Promise<Map<number, ViewerSeats>> {
  const seen = new Map<number, ViewerSeats>()
  if (rows.length === 0) return seen
  const seated = await db
    .selectFrom('session_participants')
    .select(['session_id', 'user_id', 'name', 'role'])
    .where('session_id', 'in', rows.map((row) => row.session_id))
    .where('active', '=', true)
    .where('role', 'in', ['PATIENT', 'OBSERVER'])
    .orderBy('joined_at')
    .execute()
  for (const row of rows) {
    const inSession = seated.filter((seat) => seat.session_id === row.session_id)
    const mine = inSession.find((seat) => seat.user_id === viewerId)
    const bookings: BoardBooking[] = row.host_user_id === viewerId ? inSession.map((seat) => ({ name: seat.name, role: seat.role as BoardBooking['role'] })) : []
    seen.set(row.id, { yourSeat: (mine?.role as BoardBooking['role'] | undefined) ?? null, bookings })
  }
  return seen
}

/**
 * A planned slot with no seat left stays on the boards of those in it, so the booker still sees their seat and
 * the host can still call it off; everyone else no longer sees it.
 */
export const keptForMember = (row: ListingRow, seats: ViewerSeats | undefined, viewerId: number, now: number) =>
  row.status === 'OPEN' &&
  isRunning(row.session_status) &&
  row.starts_at !== null && new Date(row.starts_at).getTime() > now && (row.host_user_id === viewerId || seats?.yourSeat != null)
