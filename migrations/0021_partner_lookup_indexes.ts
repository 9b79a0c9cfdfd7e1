import type { Kysely } from 'kysely'

/**
 * Indexes for what issue 36 reads by one user that 0019's indexes do not cover (each was a scan of its table):
 * - feedback by its scorer: My partners reads the rounds I took part in from the feedback I gave as well as the
 *   feedback I received (already indexed), and the personal-data export and erasure filter it the same way;
 * - time proposals by either party in any state (0019 indexes the pending ones): the list of my proposals and
 *   "have these two met" when a block is asked for;
 * - reports by reporter and time: the daily limit on reports.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['feedback_given', 'feedback', ['from_user_id']],
  ['time_proposals_from', 'time_proposals', ['from_user_id']],
  ['time_proposals_to', 'time_proposals', ['to_user_id']],
  ['candidate_reports_by_reporter', 'candidate_reports', ['reporter_id', 'created_at']],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute()
}
