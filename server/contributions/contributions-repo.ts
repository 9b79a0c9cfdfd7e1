import { sql, type Selectable, type Transaction } from 'kysely'
import type { ContributionContent } from '../../schemas/contributions/contribution-body.ts'
import type { ContributionState } from '../../schemas/contributions/contribution.ts'
import type { Db } from '../db/connect.ts'
import type { CaseContributionEventsTable, CaseContributionsTable, Database } from '../db/schema.ts'

/** The contributions and their review threads (migrations/0018): every read and write of the two tables. */

type Reader = Db | Transaction<Database>
export type ContributionRow = Selectable<CaseContributionsTable> & { author_name: string }
export type ThreadKind = CaseContributionEventsTable['kind']

const withAuthor = (db: Reader) =>
  db.selectFrom('case_contributions as c').innerJoin('users as u', 'u.id', 'c.author_id').selectAll('c').select('u.name as author_name')

export const findContribution = (db: Reader, id: number): Promise<ContributionRow | undefined> => withAuthor(db).where('c.id', '=', id).executeTakeFirst()

/** The row locked until the caller's transaction ends: of two reviewers approving at once, the second sees the first's approval. */
export const lockContribution = (trx: Transaction<Database>, id: number): Promise<ContributionRow | undefined> =>
  withAuthor(trx).where('c.id', '=', id).forUpdate('c').executeTakeFirst()

export async function openContributionCount(db: Db, authorId: number): Promise<number> {
  const row = await db
    .selectFrom('case_contributions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('author_id', '=', authorId)
    .where('state', '<>', 'APPROVED')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export const insertContribution = (db: Db, authorId: number, content: ContributionContent, showName: boolean) =>
  db.insertInto('case_contributions').values({ author_id: authorId, content: JSON.stringify(content), show_name: showName }).returning('id').executeTakeFirstOrThrow()

export const saveContent = (trx: Transaction<Database>, id: number, content: ContributionContent, showName: boolean) =>
  trx.updateTable('case_contributions').set({ content: JSON.stringify(content), show_name: showName, updated_at: sql`now()` }).where('id', '=', id).execute()

export function moveTo(trx: Transaction<Database>, id: number, state: ContributionState, extra: { submitted?: true; caseId?: number } = {}) {
  return trx
    .updateTable('case_contributions')
    .set({
      state,
      updated_at: sql`now()`,
      ...(extra.submitted ? { submitted_at: sql`now()` } : {}),
      ...(extra.caseId !== undefined ? { case_id: extra.caseId } : {}),
    })
    .where('id', '=', id)
    .execute()
}

export const addThreadEntry = (trx: Transaction<Database>, contributionId: number, authorId: number, kind: ThreadKind, body: string) =>
  trx.insertInto('case_contribution_events').values({ contribution_id: contributionId, author_id: authorId, kind, body }).execute()

export const deleteDraft = (trx: Transaction<Database>, id: number) => trx.deleteFrom('case_contributions').where('id', '=', id).execute()

/** The thread in order, each entry with its writer's name now (null: they deleted their account). */
export const threadOf = (db: Reader, contributionId: number) =>
  db
    .selectFrom('case_contribution_events as e')
    .leftJoin('users as u', 'u.id', 'e.author_id')
    .select(['e.kind', 'e.body', 'e.author_id', 'e.created_at', 'u.name'])
    .where('e.contribution_id', '=', contributionId)
    .orderBy('e.id')
    .execute()
export type ThreadRow = Awaited<ReturnType<typeof threadOf>>[number]

/** What a reviewer last wrote (a comment, a request for changes, a note with the approval): never the author's own note. */
const lastReviewerMessage = sql<string | null>`(select e.body from case_contribution_events e
  where e.contribution_id = c.id and e.kind <> 'SUBMITTED' and e.body <> '' order by e.id desc limit 1)`

const titleOf = sql<string>`coalesce(c.content ->> 'title', '')`

/** The author's own, the latest changed first. */
export const contributionsOf = (db: Db, authorId: number) =>
  db
    .selectFrom('case_contributions as c')
    .select(['c.id', 'c.state', 'c.show_name', 'c.case_id', 'c.updated_at', 'c.submitted_at'])
    .select([titleOf.as('title'), lastReviewerMessage.as('last_reviewer_message')])
    .where('c.author_id', '=', authorId)
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute()

/** Waiting for review first, the longest waiting first; then those waiting for their author. */
export const reviewQueue = (db: Db) =>
  db
    .selectFrom('case_contributions as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .leftJoin('categories as g', (join) => join.on(sql<boolean>`g.id::text = c.content -> 'category' ->> 'id'`))
    .select(['c.id', 'c.state', 'c.submitted_at', 'u.name as author_name', 'g.name as topic'])
    .select(titleOf.as('title'))
    .where('c.state', 'in', ['SUBMITTED', 'CHANGES_REQUESTED'])
    .orderBy(sql`c.state = 'SUBMITTED'`, 'desc')
    .orderBy('c.submitted_at')
    .orderBy('c.id')
    .execute()

export const categoryExists = async (db: Reader, id: number) =>
  (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
