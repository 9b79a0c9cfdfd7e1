import t from 'tap'
import { sql } from 'kysely'
import { databaseKind, freshDatabase } from '../helpers/db.ts'

/**
 * My partners (issue 36) finds the rounds I took part in from the feedback I received and the feedback I gave. Each
 * side is read through an index on its user column (migration 0021_partner_lookup_indexes for the feedback given), not a scan of every
 * feedback row ever written. The planner is told to avoid a scan where it can, so a tiny table still shows which
 * index it may use.
 */

const database = await freshDatabase()
t.teardown(() => database.close())

async function planOf(query: string): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

t.test(`the feedback one gave and received are each found by an index (${databaseKind()})`, async (t) => {
  // The two halves of my_rounds in server/partners/my-partners-repo.ts.
  t.match(await planOf('select session_id, round from feedback where from_user_id = 7'), /feedback_given/, 'the feedback given, by its scorer')
  t.match(await planOf('select session_id, round from feedback where to_user_id = 7'), /feedback_received/, 'the feedback received, by its doctor')
})
