import { sql, type Transaction } from 'kysely'
import type { CaseVersionContent, CaseView } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { storedAttribution } from './case-attribution.ts'

/**
 * Every save of a case is kept whole as its next version (migrations/0018): a session stores the version it drew
 * (CaseAssigned.caseVersion) and shows that version's text to the end, in its debrief and in its replay, whatever
 * edits come after. A version is never changed; restoring one saves its text as a new version.
 */

/** Keeps the case as just saved (in the saving transaction) under its current version. */
export async function keepVersion(trx: Transaction<Database>, saved: CaseView, savedBy: number | null): Promise<void> {
  const { id, version, contributed: _contributed, contributorName: _name, ...content } = saved
  await trx
    .insertInto('case_versions')
    .values({ case_id: id, version: version!, content: JSON.stringify(content satisfies CaseVersionContent), created_by: savedBy })
    .execute()
}

/** The case as it was at this version, shown under its own id: undefined when the case (and its versions) is gone. */
export async function findCaseVersion(db: Db, caseId: number, version: number): Promise<CaseView | undefined> {
  const row = await db
    .selectFrom('case_versions')
    .innerJoin('cases', 'cases.id', 'case_versions.case_id')
    .select(['case_versions.content', 'cases.contributor_id', 'cases.contributor_name'])
    .where('case_versions.case_id', '=', caseId)
    .where('case_versions.version', '=', version)
    .executeTakeFirst()
  if (!row) return undefined
  // Version 1 of a case written before criteria had domains (migrations/0018 copied it as stored) has none: unassigned.
  const feedbackCriteria = row.content.feedbackCriteria.map((criterion) => ({ ...criterion, domain: criterion.domain ?? null }))
  return { id: caseId, ...row.content, feedbackCriteria, version, ...storedAttribution(row) }
}

/** Whether the bank still holds this version (a deleted case takes its versions with it). */
export async function caseVersionExists(db: Db, caseId: number, version: number): Promise<boolean> {
  const row = await db.selectFrom('case_versions').select('version').where('case_id', '=', caseId).where('version', '=', version).executeTakeFirst()
  return row !== undefined
}

export interface CaseVersionSummary {
  version: number
  title: string
  savedBy: string | null
  savedAt: string
}

/** A case's versions, newest first, with who saved each (null: the demo bank or an import). */
export async function listCaseVersions(db: Db, caseId: number): Promise<CaseVersionSummary[]> {
  const rows = await db
    .selectFrom('case_versions')
    .leftJoin('users', 'users.id', 'case_versions.created_by')
    .select(['case_versions.version', 'case_versions.created_at', 'users.name'])
    .select(sql<string>`case_versions.content ->> 'title'`.as('title'))
    .where('case_versions.case_id', '=', caseId)
    .orderBy('case_versions.version', 'desc')
    .execute()
  return rows.map((row) => ({ version: row.version, title: row.title, savedBy: row.name, savedAt: new Date(row.created_at).toISOString() }))
}
