import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { CriterionView } from '../../schemas/content.ts'
import { caseBankNeeds } from '../../schemas/session/index.ts'
import type { CaseSummary, CriterionShape, DecisionContext, SessionCommand, SessionState } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'

/** A uniform number in [0, 1) from 48 CSPRNG bits: which case comes next must not be predictable either. */
const cryptoRandom = (): number => randomBytes(6).readUIntBE(0, 6) / 2 ** 48

/**
 * The outside facts a decision needs, read fresh from the case bank for each command that needs them
 * (caseBankNeeds): the bank changes under running sessions, and a stale catalog would pick a deleted case. One
 * statement reads them all, and only what choosing a case looks at: ids and categories, and the recall dates
 * only for a session that draws by them.
 */
export async function loadDecisionContext(db: Db, command: SessionCommand, state: SessionState | null, now: number): Promise<DecisionContext> {
  const needs = caseBankNeeds(command)
  const context = { now, random: cryptoRandom, catalog: [], categoryNames: [], currentCriteria: [] }
  const caseId = needs.criteria ? (state?.caseId ?? null) : null
  if (!needs.catalog && caseId === null) return context
  const config = command.type === 'Configure' || command.type === 'Create' ? command.config : state?.config
  const recallDates = needs.catalog && config?.sessionType === 'RECALL'
    ? sql`coalesce((select json_agg(to_char(d.recall_date, 'YYYY-MM-DD')) from case_recall_dates d where d.case_id = c.id), '[]'::json)`
    : sql`'[]'::json`
  const { rows } = await sql<{ catalog: CaseSummary[] | null; category_names: string[] | null; criteria: CriterionView[] | null }>`select
    ${needs.catalog ? sql`(select json_agg(json_build_object('id', c.id, 'categoryName', g.name, 'recallDates', ${recallDates}) order by c.id)
      from cases c join categories g on g.id = c.category_id)` : sql`null`} as catalog,
    ${needs.catalog ? sql`(select json_agg(name order by name) from categories)` : sql`null`} as category_names,
    (select feedback_criteria from cases where id = ${caseId}) as criteria`.execute(db)
  const [row] = rows
  return { ...context, catalog: row.catalog ?? [], categoryNames: row.category_names ?? [], currentCriteria: criteriaShapes(row.criteria ?? []) }
}

/** The mark scheme feedback is checked against; an empty list if the case has gone from the bank. */
export function criteriaShapes(criteria: CriterionView[]): CriterionShape[] {
  return criteria.map((criterion) => ({
    id: criterion.id,
    name: criterion.name,
    // Cases stored before migration 0005 and the spec's editor may lack the key.
    domain: criterion.domain ?? null,
    subCriteria: criterion.subCriteria.map((sub) => ({ id: sub.id, name: sub.name })),
  }))
}
