import type { Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'

/**
 * Blocks and candidate reports in "Download all my data" and "Delete my account" (issue 36). An export holds the
 * blocks and reports its owner made, never those made about them: that would tell them who blocked or reported
 * them, which nobody learns.
 */

type Trx = Transaction<Database>

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The people they blocked, by name, and when. */
export async function blocksOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.name', 'b.created_at'])
    .where('b.blocker_id', '=', userId)
    .orderBy('b.created_at')
    .execute()
  return rows.map((row) => ({ blockedName: row.name, blockedAt: iso(row.created_at) }))
}

/** The reports they sent: about whom, where, why, and whether an admin has closed it (not the admin's note). */
export async function candidateReportsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('candidate_reports as r')
    .innerJoin('users as u', 'u.id', 'r.reported_id')
    .leftJoin('sessions as s', 's.id', 'r.session_id')
    .select(['u.name', 's.code', 'r.reason', 'r.details', 'r.status', 'r.created_at'])
    .where('r.reporter_id', '=', userId)
    .orderBy('r.created_at')
    .execute()
  return rows.map((row) => ({ reportedName: row.name, sessionCode: row.code, reason: row.reason, details: row.details, status: row.status, reportedAt: iso(row.created_at) }))
}

/** Blocks made by them and about them go: with the account gone there is nobody left to hide from or to hide. */
export const eraseBlocks = (trx: Trx, userId: number) =>
  trx
    .deleteFrom('user_blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute()

/**
 * Reports they sent or that were about them go (both columns name a person who must exist); an admin's closing
 * note on others' reports stays, unsigned.
 */
export async function eraseCandidateReports(trx: Trx, userId: number) {
  await trx.updateTable('candidate_reports').set({ closed_by: null }).where('closed_by', '=', userId).execute()
  return trx
    .deleteFrom('candidate_reports')
    .where((eb) => eb.or([eb('reporter_id', '=', userId), eb('reported_id', '=', userId)]))
    .execute()
}
