import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { CriterionView } from '../../schemas/content.ts'
import { caseBankNeeds } from '../../schemas/session/index.ts'
import type { CaseSummary, CriterionShape, DecisionContext, SessionCommand } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'

/** A uniform number in [0, 1) from 48 CSPRNG bits: which case comes next must not be predictable either. */
const cryptoRandom = (): number => randomBytes(6).readUIntBE(0, 6) / 2 ** 48

/**
 * The outside facts a decision needs, read fresh from the case bank for each command that needs them
 * (caseBankNeeds): the bank changes under running sessions, and a stale catalog would pick a deleted case.
 */
export async function loadDecisionContext(db: Db, command: SessionCommand, currentCaseId: number | null, now: number): Promise<DecisionContext> {
  const needs = caseBankNeeds(command)
  const [catalog, categoryNames, currentCriteria] = await Promise.all([
    needs.catalog ? loadCatalog(db) : [],
    needs.catalog ? db.selectFrom('categories').select('name').orderBy('name').execute() : [],
    needs.criteria && currentCaseId !== null ? loadCriteria(db, currentCaseId) : [],
  ])
  return { now, random: cryptoRandom, catalog, categoryNames: categoryNames.map((row) => row.name), currentCriteria }
}

async function loadCatalog(db: Db): Promise<CaseSummary[]> {
  const rows = await db
    .selectFrom('cases')
    .innerJoin('categories', 'categories.id', 'cases.category_id')
    .select(['cases.id', 'categories.name as category_name'])
    .select(
      sql<string[]>`coalesce((select json_agg(to_char(d.recall_date, 'YYYY-MM-DD'))
        from case_recall_dates d where d.case_id = cases.id), '[]'::json)`.as('recall_dates'),
    )
    .orderBy('cases.id')
    .execute()
  return rows.map((row) => ({ id: row.id, categoryName: row.category_name, recallDates: row.recall_dates }))
}

/** The mark scheme feedback is checked against; an empty list if the case has gone from the bank. */
async function loadCriteria(db: Db, caseId: number): Promise<CriterionShape[]> {
  const row = await db.selectFrom('cases').select('feedback_criteria').where('id', '=', caseId).executeTakeFirst()
  const criteria: CriterionView[] = row?.feedback_criteria ?? []
  return criteria.map((criterion) => ({
    id: criterion.id,
    name: criterion.name,
    subCriteria: criterion.subCriteria.map((sub) => ({ id: sub.id, name: sub.name })),
  }))
}
