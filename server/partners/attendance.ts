import { sql } from 'kysely'
import { ATTENDANCE_GRACE_MS, EARLY_ARRIVAL_MS } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import type { ListingRow } from '../board/listings-repo.ts'

/**
 * Attendance of planned sessions (issue 36): who came is known from the room.
 * - Planned: everyone who held a seat in the session at its start, read from the session's log (the participants'
 *   read model knows only who holds one now). Someone who gave their seat up before the start cancelled in time;
 *   someone who let it go after the start, or was taken out for being offline, still had it when others waited.
 *   A seat taken after the start was no promise, and is not counted either way.
 * - Came: in the room at some moment from half an hour before the start to ten minutes after. An arrival is
 *   stamped when a person enters the room in that window (recordArrival, from presence); at the start, everyone
 *   in the room then is stamped too (stampPresentAtStart: someone who entered earlier still and stayed has no
 *   entry in the window); and ten minutes after the start, whoever is in the room then has come.
 * Settled rows are never changed, and only they count (reliabilityColumns of visibility.ts).
 */

/**
 * Stamps the first arrival of `userId` in the room `sessionCode`, when it is a planned session starting about now:
 * also one its host called off after its start (closeListing keeps its attendance to settle then), since whoever
 * comes in time still came. Before its start, a slot called off has nothing to settle, and its stamp counts for nothing.
 */
export async function recordArrival(db: Db, sessionCode: string, userId: number, now: number): Promise<void> {
  const at = new Date(now)
  await sql`
    insert into planned_attendance (listing_id, user_id, starts_at, arrived_at)
    select l.id, ${userId}, l.starts_at, ${at}
    from board_listings l join sessions s on s.id = l.session_id
    where s.code = ${sessionCode} and l.starts_at is not null
      and l.starts_at - ${sql.lit(`${EARLY_ARRIVAL_MS / 60_000} minutes`)}::interval <= ${at}
      and ${at} <= l.starts_at + ${sql.lit(`${ATTENDANCE_GRACE_MS / 60_000} minutes`)}::interval
    on conflict (listing_id, user_id) do update set arrived_at = coalesce(planned_attendance.arrived_at, excluded.arrived_at)
      where planned_attendance.came is null`.execute(db)
}

type IsOnline = (sessionCode: string, userId: number) => boolean

/** At the start (the board's OPEN job): everyone holding a seat and in the room now has arrived. */
export async function stampPresentAtStart(db: Db, row: ListingRow, isOnline: IsOnline, now: number): Promise<void> {
  if (!row.starts_at) return
  for (const userId of await seatHoldersAt(db, row.session_id, new Date(row.starts_at).getTime())) {
    if (isOnline(row.code, userId)) await recordArrival(db, row.code, userId, now)
  }
}

/**
 * Settles a planned session's attendance (the board's ATTEND job, ten minutes after the start): one row per seat
 * held at the start, came or not. Presence counts only when the job runs on time: after an outage, whoever is in
 * the room now may have come late, and the stamped arrivals alone say who came.
 */
export async function settleAttendance(db: Db, row: ListingRow, isOnline: IsOnline, now: number): Promise<void> {
  if (!row.starts_at) return
  const start = new Date(row.starts_at).getTime()
  const planned = await seatHoldersAt(db, row.session_id, start)
  if (planned.length === 0) return
  const stamped = await db.selectFrom('planned_attendance').select('user_id').where('listing_id', '=', row.id).where('arrived_at', 'is not', null).execute()
  const arrived = new Set(stamped.map((r) => Number(r.user_id)))
  const onTime = now <= start + ATTENDANCE_GRACE_MS + SETTLE_SLACK_MS
  const came = (userId: number) => arrived.has(userId) || (onTime && isOnline(row.code, userId))
  await db
    .insertInto('planned_attendance')
    .values(planned.map((userId) => ({ listing_id: row.id, user_id: userId, starts_at: new Date(start), came: came(userId) })))
    .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doUpdateSet((eb) => ({ came: eb.ref('excluded.came') })).where('planned_attendance.came', 'is', null))
    .execute()
}

/** How late the ATTEND job may run and still read who is in the room as who came in time. */
const SETTLE_SLACK_MS = 60_000

/**
 * Who held a seat at `at` (and has an account still): the session's joins and leaves up to then, in log order. A
 * session ended by then (its host left, say) held nobody: it was called off before anyone had to come.
 */
async function seatHoldersAt(db: Db, sessionId: number, at: number): Promise<number[]> {
  const { rows } = await sql<{ type: string; user_id: string | null }>`
    select type, payload ->> 'userId' as user_id from session_events
    where session_id = ${sessionId} and type in ('ParticipantJoined', 'ParticipantLeft', 'SessionEnded') and (payload ->> 'at')::numeric <= ${at}
      and (type = 'SessionEnded' or exists (select 1 from users u where u.id = (payload ->> 'userId')::bigint))
    order by version`.execute(db)
  const holding = new Set<number>()
  for (const { type, user_id } of rows) {
    if (type === 'SessionEnded') holding.clear()
    else if (type === 'ParticipantJoined') holding.add(Number(user_id))
    else holding.delete(Number(user_id))
  }
  return [...holding]
}
