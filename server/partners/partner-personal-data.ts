import type { Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'

/**
 * Attendance, removed partners and "practise again" invitations in "Download all my data" and "Delete my account"
 * (issue 36). Other people appear by name, never by address; a removal made by someone else is left out of the
 * export (it would tell them who took them off their list).
 */

type Trx = Transaction<Database>

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The planned sessions they held a seat in: when, when they entered the room, and whether it counted as kept. */
export async function plannedAttendanceOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('planned_attendance as a')
    .innerJoin('board_listings as l', 'l.id', 'a.listing_id')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .select(['s.code', 'a.starts_at', 'a.arrived_at', 'a.came'])
    .where('a.user_id', '=', userId)
    .orderBy('a.starts_at')
    .execute()
  return rows.map((row) => ({ sessionCode: row.code, startsAt: iso(row.starts_at), arrivedAt: iso(row.arrived_at), came: row.came }))
}

/** The people they took off their partners list, and when. */
export async function partnerRemovalsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('partner_removals as r')
    .innerJoin('users as u', 'u.id', 'r.partner_id')
    .select(['u.name', 'r.removed_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.removed_at')
    .execute()
  return rows.map((row) => ({ partnerName: row.name, removedAt: iso(row.removed_at) }))
}

/** Invitations to practise again, sent and received: who, which session, when. */
export async function partnerInvitationsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('partner_invitations as i')
    .innerJoin('users as sender', 'sender.id', 'i.from_user_id')
    .innerJoin('users as receiver', 'receiver.id', 'i.to_user_id')
    .leftJoin('sessions as s', 's.id', 'i.session_id')
    .select(['i.from_user_id', 'sender.name as from_name', 'receiver.name as to_name', 's.code', 'i.created_at'])
    .where((eb) => eb.or([eb('i.from_user_id', '=', userId), eb('i.to_user_id', '=', userId)]))
    .orderBy('i.created_at')
    .execute()
  return rows.map((row) => ({
    direction: Number(row.from_user_id) === Number(userId) ? ('SENT' as const) : ('RECEIVED' as const),
    otherName: Number(row.from_user_id) === Number(userId) ? row.to_name : row.from_name,
    sessionCode: row.code,
    invitedAt: iso(row.created_at),
  }))
}

export const erasePlannedAttendance = (trx: Trx, userId: number) => trx.deleteFrom('planned_attendance').where('user_id', '=', userId).execute()

/** Their removals and others' removals of them: with the account gone, neither list has them. */
export const erasePartnerRemovals = (trx: Trx, userId: number) =>
  trx
    .deleteFrom('partner_removals')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('partner_id', '=', userId)]))
    .execute()

/** Invitations both ways: each names the account that is going. */
export const erasePartnerInvitations = (trx: Trx, userId: number) =>
  trx
    .deleteFrom('partner_invitations')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute()
