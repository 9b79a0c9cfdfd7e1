import type { Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'

/**
 * What contributions hold about a person (server/accounts/personal-data.ts): the cases they wrote with their
 * review threads, and what they wrote reviewing others'. Deleting the account deletes their contributions; a case
 * already approved stays in the bank, no longer credited to anyone; their review messages stay in the authors'
 * threads, from "Former user".
 */

const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString())

/** Their contributions, each with its whole thread (who wrote each entry is said only as "you" or "a reviewer"). */
export async function contributionsOf(db: Db, userId: number) {
  const rows = await db.selectFrom('case_contributions').selectAll().where('author_id', '=', userId).orderBy('id').execute()
  const events = await db
    .selectFrom('case_contribution_events')
    .select(['contribution_id', 'kind', 'body', 'author_id', 'created_at'])
    .where('contribution_id', 'in', rows.length ? rows.map((row) => row.id) : [0])
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    showName: row.show_name,
    content: row.content,
    caseId: row.case_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    submittedAt: iso(row.submitted_at),
    thread: events
      .filter((event) => event.contribution_id === row.id)
      .map((event) => ({ kind: event.kind, body: event.body, by: event.author_id === userId ? 'you' : 'a reviewer', at: iso(event.created_at) })),
  }))
}

/** What they wrote as a reviewer on others' contributions. */
export const reviewMessagesOf = (db: Db, userId: number) =>
  db
    .selectFrom('case_contribution_events as e')
    .innerJoin('case_contributions as c', 'c.id', 'e.contribution_id')
    .select(['e.contribution_id as contributionId', 'e.kind', 'e.body', 'e.created_at as at'])
    .where('e.author_id', '=', userId)
    .where('c.author_id', '<>', userId)
    .orderBy('e.id')
    .execute()

type Trx = Transaction<Database>

/** Their contributions go; the cases approved from them stay, credited to nobody (the name shown with them too). */
export async function eraseContributions(trx: Trx, userId: number) {
  await trx.updateTable('cases').set({ contributor_id: null, contributor_name: null }).where('contributor_id', '=', userId).execute()
  return trx.deleteFrom('case_contributions').where('author_id', '=', userId).execute()
}

/** Their review messages stay in the authors' threads, from nobody. */
export const eraseReviewMessages = (trx: Trx, userId: number) =>
  trx.updateTable('case_contribution_events').set({ author_id: null }).where('author_id', '=', userId).execute()
