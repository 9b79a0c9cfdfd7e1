import { sql, type RawBuilder } from 'kysely'
import { NO_OBSERVER_SEAT_OFFERED, NO_PATIENT_SEAT_OFFERED, OBSERVER_SEATS_TAKEN, type BoardListing, type ListingRequest } from '../../schemas/board.ts'
import type { ViewerSeats } from './board-seats.ts'
import type { SessionConfig } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { isRunning, RUNNING_STATUSES } from '../../schemas/session/types.ts'
import type { ListingStatus } from '../db/schema.ts'
import type { AppendRefusal } from '../sessions/store/event-store.ts'
import { blockedEitherWay, reliabilityColumns } from '../partners/visibility.ts'
import { blockedWithSomeoneIn } from '../partners/blocks-repo.ts'
import { keptOut } from '../sessions/store/queries.ts'

/** The board's rows: listings with their session, their host's public fields and the seats taken. */

const activeCount = (role: 'PATIENT' | 'OBSERVER') =>
  sql<number>`(select count(*)::int from session_participants p where p.session_id = l.session_id and p.active and p.role = ${role})`

function listingRows(db: Db) {
  return db
    .selectFrom('board_listings as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .innerJoin('users as u', 'u.id', 'l.host_user_id')
    .select(['l.id', 'l.session_id', 'l.host_user_id', 'l.starts_at', 'l.patient_seat', 'l.observer_seats', 'l.note', 'l.status'])
    .select(['s.code', 's.title', 's.config', 's.status as session_status', 'u.name as host_name', 'u.exam_month', 'u.time_zone', 'u.hidden_from_board'])
    .select([activeCount('PATIENT').as('patients'), activeCount('OBSERVER').as('observers')])
    .select(() => {
      const reliability = reliabilityColumns('u')
      return [reliability.kept.as('host_kept'), reliability.planned.as('host_planned')]
    })
}
export type ListingRow = Awaited<ReturnType<ReturnType<typeof listingRows>['executeTakeFirstOrThrow']>>

export const seatsFree = (row: ListingRow) => ({
  patientSeatFree: row.patient_seat && row.patients === 0,
  observerSeatsFree: Math.max(0, row.observer_seats - row.observers),
})

/** Whether the board shows this listing now: open, its session running, its host not hidden, a seat free. */
export function isOnBoard(row: ListingRow): boolean {
  const free = seatsFree(row)
  return row.status === 'OPEN' && isRunning(row.session_status) && !row.hidden_from_board && (free.patientSeatFree || free.observerSeatsFree > 0)
}

export function listingView(row: ListingRow, viewerId: number, seats: ViewerSeats = { yourSeat: null, bookings: [] }): BoardListing {
  const config = row.config as SessionConfig
  return {
    id: row.id,
    sessionCode: row.code,
    title: row.title,
    hostName: row.host_name,
    hostExamMonth: row.exam_month,
    hostTimeZone: row.time_zone,
    sessionType: config.sessionType,
    topics: config.selectedTopics,
    recallStartDate: config.recallStartDate,
    recallEndDate: config.recallEndDate,
    readingTime: config.readingTime,
    consultationTime: config.consultationTime,
    timingType: config.timingType,
    startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
    ...seatsFree(row),
    note: row.note,
    isMine: row.host_user_id === viewerId,
    patientSeat: row.patient_seat,
    observerSeats: row.observer_seats,
    ...seats,
    hostReliability: { kept: row.host_kept, planned: row.host_planned },
  }
}

const openRows = (db: Db) => listingRows(db).where('l.status', '=', 'OPEN').where('s.status', 'in', RUNNING_STATUSES).orderBy(sql`l.starts_at nulls first`).orderBy('l.id')

/** Every open listing of a running session, soonest first (now before planned). */
export const openListings = (db: Db) => openRows(db).execute()

/**
 * The open listings `viewerId` may see (issue 36): none whose host is blocked either way with them, nor any whose
 * session they are kept out of as on every route that takes its code (someone in it blocked either way with them),
 * so the board never lists a seat that a look-up by its code or a seat taken would then deny.
 */
export const openListingsSeenBy = (db: Db, viewerId: number) =>
  openRows(db)
    .where(sql<boolean>`not ${blockedEitherWay(sql.ref('l.host_user_id'), viewerId)}`)
    .where(sql<boolean>`not ${keptOut(blockedWithSomeoneIn, sql.ref('l.session_id'), viewerId)}`)
    .execute()

export const findListing = (db: Db, id: number) => listingRows(db).where('l.id', '=', id).executeTakeFirst()

/** A session's open listing, if it has one (one listing per session). */
export const openListingOfSession = (db: Db, sessionId: number) =>
  listingRows(db).where('l.session_id', '=', sessionId).where('l.status', '=', 'OPEN').executeTakeFirst()

/** The host's open listings of sessions still running: an ended session's listing holds no place on the board. */
export async function countOpenListings(db: Db, hostUserId: number, exceptSessionId: number): Promise<number> {
  const row = await db
    .selectFrom('board_listings as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('l.host_user_id', '=', hostUserId)
    .where('l.status', '=', 'OPEN')
    .where('s.status', 'in', RUNNING_STATUSES)
    .where('l.session_id', '!=', exceptSessionId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Lists a session, or lists it again with new terms (one listing per session). Answers the listing's id, or null
 * when an admin removed it: that removal holds, in the same statement, whatever the host sends.
 */
export async function upsertListing(db: Db, sessionId: number, hostUserId: number, body: ListingRequest): Promise<number | null> {
  const values = {
    starts_at: body.startsAt ? new Date(body.startsAt) : null,
    patient_seat: body.patientSeat,
    observer_seats: body.observerSeats,
    note: body.note,
    status: 'OPEN' as const,
  }
  const row = await db
    .insertInto('board_listings')
    .values({ session_id: sessionId, host_user_id: hostUserId, ...values })
    .onConflict((oc) => oc.column('session_id').doUpdateSet(values).where('board_listings.status', '!=', 'REMOVED'))
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

/**
 * Moves an open listing to `status` and drops its jobs still to run; false when it was not open (already
 * cancelled, removed or expired). A planned slot called off once its time has come keeps its attendance to settle,
 * whether its OPEN job has run or not yet (late, or running at this moment): calling it off after its start does
 * not wipe out who came and who did not (issue 36). One called off before its time, or expired at its time with
 * no seat booked, settles nothing. `now` is the app's clock.
 */
export async function closeListing(db: Db, id: number, status: Exclude<ListingStatus, 'OPEN'>, now: number): Promise<boolean> {
  const result = await db.updateTable('board_listings').set({ status }).where('id', '=', id).where('status', '=', 'OPEN').executeTakeFirst()
  const started = db.selectFrom('board_listings as l').select('l.id').where('l.id', '=', id).where('l.starts_at', '<=', new Date(now))
  let drop = db.deleteFrom('board_jobs').where('listing_id', '=', id).where('done_at', 'is', null)
  if (status !== 'EXPIRED') drop = drop.where((eb) => eb.not(eb.and([eb('kind', '=', 'ATTEND'), eb.exists(started)])))
  await drop.execute()
  return Number(result.numUpdatedRows) > 0
}

/** Names and addresses of everyone in a listed session (for the slot's mail only; never shown). */
export const slotMembers = (db: Db, sessionId: number) =>
  db
    .selectFrom('session_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.name', 'u.email', 'p.role'])
    .where('p.session_id', '=', sessionId)
    .where('p.active', '=', true)
    .orderBy('p.joined_at')
    .execute()

/**
 * Whether the session is a planned slot still to come, as SQL: its room opens at the time. Until then it is not
 * started (a Start's append checks this in its own statement), nobody in it is taken out for being offline, and
 * joining another room does not leave it. `session` is an id, or a column of the query this is part of; `now`
 * the app's clock, so that every one of those rules sees the time come at the same moment.
 */
export const plannedAhead = (session: number | RawBuilder<number>, now: number) =>
  sql<boolean>`exists (select 1 from board_listings where session_id = ${session} and status = 'OPEN' and starts_at > ${new Date(now)})`

/**
 * The seats an open listing offers bind every way into its session, not the board alone (the board shows the
 * code, and the invite link is the role page): a join by code into a seat the listing does not offer, or whose
 * offered seats are all taken, is refused by the join's own append, so two joins at once cannot both pass.
 */
export function seatTermsRefusals(sessionId: number, role: 'DOCTOR' | 'PATIENT' | 'OBSERVER'): AppendRefusal[] {
  const listed = (terms: RawBuilder<boolean>) =>
    sql<boolean>`exists (select 1 from board_listings l where l.session_id = ${sessionId} and l.status = 'OPEN' and ${terms})`
  if (role === 'PATIENT') return [{ when: listed(sql`not l.patient_seat`), reason: NO_PATIENT_SEAT_OFFERED }]
  if (role === 'DOCTOR') return []
  return [
    { when: listed(sql`l.observer_seats = 0`), reason: NO_OBSERVER_SEAT_OFFERED },
    { when: listed(sql`l.observer_seats <= ${activeCount('OBSERVER')}`), reason: OBSERVER_SEATS_TAKEN },
  ]
}
