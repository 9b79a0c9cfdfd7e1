import { sql } from 'kysely'
import type { CaseView } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { isRaisedByTrigger } from '../db/errors.ts'
import { RUNNING_STATUSES } from '../../schemas/session/types.ts'
import type { Transaction } from 'kysely'
import { type CaseRow, type Database } from '../db/schema.ts'
import type { CaseContent } from './case-rules.ts'
import { keepVersion } from './case-versions.ts'
import { storedAttribution } from './case-attribution.ts'

/** A query's case's recall dates, ascending, as text: no time zone can shift them. */

export const RECALL_DATES_OF_CASE = sql<string[]>`coalesce((select json_agg(to_char(d.recall_date, 'YYYY-MM-DD') order by d.recall_date)
  from case_recall_dates d where d.case_id = cases.id), '[]'::json)`

/** Every case with its category and recall dates, in one query. */
function casesWithCategory(db: Db | Transaction<Database>) {
  return db
    .selectFrom('cases')
    .innerJoin('categories', 'categories.id', 'cases.category_id')
    .selectAll('cases')
    .select(['categories.name as category_name', 'categories.description as category_description'])
    .select(RECALL_DATES_OF_CASE.as('recall_dates'))
}

type CaseQueryRow = CaseRow & { category_name: string; category_description: string | null; recall_dates: string[] }

/** The full Case of WIRE.md section 4; the one place a cases row becomes JSON. */
function toCaseView(row: CaseQueryRow): CaseView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: { id: row.category_id, name: row.category_name, description: row.category_description },
    doctorNotes: row.doctor_notes,
    patientNotes: row.patient_notes,
    doctorSections: row.doctor_sections,
    patientSections: row.patient_sections,
    visualData: row.visual_data,
    imageUrl: row.image_url,
    // Criteria stored before domains (issue 17) carry none: unassigned, as the answer declares it.
    feedbackCriteria: row.feedback_criteria.map((criterion) => ({ ...criterion, domain: criterion.domain ?? null })),
    isRecallCase: row.is_recall_case,
    recallDates: row.recall_dates,
    telephoneConsultation: row.telephone_consultation,
    station: row.station,
    version: row.current_version,
    ...storedAttribution(row),
  }
}

export async function listCases(db: Db): Promise<CaseView[]> {
  const rows = await casesWithCategory(db).orderBy('cases.id').execute()
  return rows.map(toCaseView)
}

export async function findCase(db: Db, id: number): Promise<CaseView | undefined> {
  const row = await casesWithCategory(db).where('cases.id', '=', id).executeTakeFirst()
  return row && toCaseView(row)
}

export const listCaseTitles = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom('cases').select('title').execute()).map((row) => row.title))

/** Sorted distinct recall dates of the whole bank, for the configure screen's recall picker. */
export async function listRecallDates(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('case_recall_dates')
    .select(sql<string>`to_char(recall_date, 'YYYY-MM-DD')`.as('date'))
    .distinct()
    .orderBy('date')
    .execute()
  return rows.map((row) => row.date)
}

const columns = (content: CaseContent) => ({
  title: content.title,
  description: content.description,
  category_id: content.categoryId,
  doctor_notes: content.doctorNotes,
  patient_notes: content.patientNotes,
  doctor_sections: JSON.stringify(content.doctorSections),
  patient_sections: JSON.stringify(content.patientSections),
  visual_data: content.visualData && JSON.stringify(content.visualData),
  image_url: content.imageUrl,
  feedback_criteria: JSON.stringify(content.feedbackCriteria),
  is_recall_case: content.isRecallCase,
  telephone_consultation: content.telephoneConsultation,
  station: content.station && JSON.stringify(content.station),
})

export type SaveCaseResult = { ok: true; id: number; version: number } | { ok: false; reason: 'not-found' | 'no-category' }

export interface SaveOptions {
  /** Who saved it, kept with the version (null: the demo bank, a pack imported from the command line). */
  savedBy?: number | null
  /** A new case's key (a pack's); else the database makes one. */
  caseKey?: string
  /** A contributed case: its contributor, and the name shown with it (null: anonymous). */
  contributor?: { id: number; shownName: string | null }
  /** Replace only a case no one has edited since it was created (the demo bank's upgrade: an edit wins). */
  onlyIfUntouched?: boolean
}

/**
 * Creates (no id) or replaces (id) a case and its recall dates in one transaction, and keeps what it now is as
 * its next version (case-versions.ts). The category row is key-share locked so it cannot be deleted between this
 * check and the commit (see deleteEmptyCategory).
 */
export function saveCase(db: Db, content: CaseContent, id?: number, options: SaveOptions = {}): Promise<SaveCaseResult> {
  return db.transaction().execute((trx) => saveCaseIn(trx, content, id, options))
}

/** saveCase within a transaction of the caller's (an import, an approval), which commits or rolls back all of it. */
export async function saveCaseIn(trx: Transaction<Database>, content: CaseContent, id?: number, options: SaveOptions = {}): Promise<SaveCaseResult> {
  const category = await trx.selectFrom('categories').select('id').where('id', '=', content.categoryId).forKeyShare().executeTakeFirst()
  if (!category) return { ok: false, reason: 'no-category' }
  let caseId: number
  if (id === undefined) {
    const attribution = options.contributor ? { contributor_id: options.contributor.id, contributor_name: options.contributor.shownName } : {}
    const key = options.caseKey ? { case_key: options.caseKey } : {}
    caseId = (await trx.insertInto('cases').values({ ...columns(content), ...attribution, ...key }).returning('id').executeTakeFirstOrThrow()).id
  } else {
    let update = trx.updateTable('cases').set({ ...columns(content), updated_at: sql`now()`, current_version: sql`current_version + 1` }).where('id', '=', id)
    if (options.onlyIfUntouched) update = update.where(sql<boolean>`updated_at = created_at`)
    const updated = await update.returning('id').executeTakeFirst()
    if (!updated) return { ok: false, reason: 'not-found' }
    caseId = updated.id
    await trx.deleteFrom('case_recall_dates').where('case_id', '=', caseId).execute()
  }
  if (content.recallDates.length > 0) {
    await trx
      .insertInto('case_recall_dates')
      .values(content.recallDates.map((date) => ({ case_id: caseId, recall_date: date })))
      .execute()
  }
  const saved = toCaseView(await casesWithCategory(trx).where('cases.id', '=', caseId).executeTakeFirstOrThrow())
  await keepVersion(trx, saved, options.savedBy ?? null)
  return { ok: true, id: caseId, version: saved.version! }
}

/** How many running (not yet ended) sessions play this case. */
export async function activeSessionCountForCase(db: Db, caseId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('case_id', '=', caseId)
    .where('status', 'in', RUNNING_STATUSES)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export type DeleteCaseResult = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'in-use'; activeSessionCount: number }

/**
 * Recall dates go with the case (ON DELETE CASCADE). A case a running session plays is kept: the count is read
 * first, and the `cases_refuse_delete_in_use` trigger (migration 0003) refuses the delete for a session that
 * starts with the case in between.
 */
export async function deleteCase(db: Db, id: number): Promise<DeleteCaseResult> {
  const inUse = (activeSessionCount: number): DeleteCaseResult => ({ ok: false, reason: 'in-use', activeSessionCount })
  const playing = await activeSessionCountForCase(db, id)
  if (playing > 0) return inUse(playing)
  try {
    const result = await db.deleteFrom('cases').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n ? { ok: true } : { ok: false, reason: 'not-found' }
  } catch (error) {
    if (isRaisedByTrigger(error)) return inUse(await activeSessionCountForCase(db, id))
    throw error
  }
}
