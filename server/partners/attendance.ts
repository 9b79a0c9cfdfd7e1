import { sql } from 'kysely'
import { ATTENDANCE_GRACE_MS, EARLY_ARRIVAL_MS } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import { slotMembers, type ListingRow } from '../board/listings-repo.ts'

/**
 * Attendance of planned sessions (issue 36): who came is known from the room. An arrival is stamped when a person
 * enters the room of a planned session from half an hour before its start to ten minutes after; ten minutes after
 * the start the board's ATTEND job settles everyone then holding a seat: came if they arrived, or are in the room
 * now (they may have entered earlier still and stayed).
 */

/** Stamps the first arrival of `userId` in the room `sessionCode`, when it is a planned session starting about now. */
export async function recordArrival(db: Db, sessionCode: string, userId: number, now: number): Promise<void> {
  const at = new Date(now)
  await sql`
    insert into planned_attendance (listing_id, user_id, starts_at, arrived_at)
    select l.id, ${userId}, l.starts_at, ${at}
    from board_listings l join sessions s on s.id = l.session_id
    where s.code = ${sessionCode} and l.status = 'OPEN' and l.starts_at is not null
      and l.starts_at - ${sql.lit(`${EARLY_ARRIVAL_MS / 60_000} minutes`)}::interval <= ${at}
      and ${at} <= l.starts_at + ${sql.lit(`${ATTENDANCE_GRACE_MS / 60_000} minutes`)}::interval
    on conflict (listing_id, user_id) do update set arrived_at = coalesce(planned_attendance.arrived_at, excluded.arrived_at)
      where planned_attendance.came is null`.execute(db)
}

/** Settles a planned session's attendance: one row per seat held, came or not. Settled rows are never changed. */
export async function settleAttendance(db: Db, row: ListingRow, isOnline: (sessionCode: string, userId: number) => boolean): Promise<void> {
  const members = await slotMembers(db, row.session_id)
  if (members.length === 0 || !row.starts_at) return
  const arrived = new Set(
    (
      await db
        .selectFrom('planned_attendance')
        .select('user_id')
        .where('listing_id', '=', row.id)
        .where('arrived_at', 'is not', null)
        .execute()
    ).map((r) => Number(r.user_id)),
  )
  await db
    .insertInto('planned_attendance')
    .values(members.map((m) => ({ listing_id: row.id, user_id: m.id, starts_at: row.starts_at!, came: arrived.has(Number(m.id)) || isOnline(row.code, m.id) })))
    .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doUpdateSet((eb) => ({ came: eb.ref('excluded.came') })).where('planned_attendance.came', 'is', null))
    .execute()
}
