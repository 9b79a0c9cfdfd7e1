import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { CriterionView } from '../../../schemas/content.ts'
import { caseBankNeeds } from '../../../schemas/session/index.ts'
import type { Station } from '../../../schemas/station/station.ts'
import type { CaseSummary, CriterionShape, DecisionContext, SessionCommand, SessionState } from '../../../schemas/session/types.ts'
import type { BankFacts, BankNeeds, CaseBankCache, CaseVersionRef } from '../../content/case-bank-cache.ts'
import type { Db } from '../../db/connect.ts'

/** A uniform number in [0, 1) from 48 CSPRNG bits: which case comes next must not be predictable either. */
export const cryptoRandom = (): number => randomBytes(6).readUIntBE(0, 6) / 2 ** 48

/**
 * The outside facts a decision needs, for each command that needs them (caseBankNeeds): from this instance's
 * memory of the bank (case-bank-cache.ts), which every change to the bank empties as soon as it is announced, and
 * otherwise from the database, in one statement that reads only what is missing and only what choosing a case
 * and checking feedback look at: ids, categories and recall dates, and the current case's mark scheme.
 */
export async function loadDecisionContext(
  db: Db,
  command: SessionCommand,
  state: SessionState | null,
  { now, inRoom }: Pick<DecisionContext, 'now' | 'inRoom'>,
  bank: CaseBankCache,
): Promise<DecisionContext> {
  const needs = caseBankNeeds(command, state)
  const criteriaOf = needs.criteria && state?.caseId != null ? { caseId: state.caseId, version: state.caseVersion ?? 1 } : null
  const { catalog, scheme } = await bank.read({ catalog: needs.catalog, criteriaOf }, (missing) => readBank(db, missing))
  // Only the commands that may draw a mock station read what the members played before.
  const drawsMockStation =
    needs.catalog && (command.type === 'Start' || command.type === 'ExpireTimer' || command.type === 'Configure') && (state?.circuit != null || (command.type === 'Configure' && command.config.circuit !== undefined))
  return {
    now,
    inRoom,
    random: cryptoRandom,
    catalog: catalog?.cases ?? [],
    categoryNames: catalog?.categoryNames ?? [],
    currentCriteria: scheme?.criteria ?? [],
    currentStation: scheme?.station ?? NO_STATION,
    ...(drawsMockStation && state ? { playedBefore: await playedBefore(db, state) } : {}),
  }
}

/**
 * The cases each member of a mock exam has been marked on as the doctor in other sessions, so the circuit prefers
 * stations they have not met (issue 33). Read for the commands that may draw a mock station: its configuring, its
 * start and its clocks' expiries.
 */
async function playedBefore(db: Db, state: SessionState): Promise<(userId: number) => ReadonlySet<number>> {
  const members = state.participants.map((p) => p.userId)
  if (members.length === 0) return () => new Set()
  const rows = await db
    .selectFrom('feedback')
    .select(['to_user_id', 'case_id'])
    .distinct()
    .where('to_user_id', 'in', members)
    .where('session_id', '<>', state.sessionId)
    .where('case_id', 'is not', null)
    .execute()
  const played = new Map<number, Set<number>>()
  for (const row of rows) played.set(Number(row.to_user_id), (played.get(Number(row.to_user_id)) ?? new Set()).add(Number(row.case_id)))
  return (userId) => played.get(userId) ?? new Set()
}

const NO_STATION = { checklistIds: [], factIds: [] }

/** Each case's recall dates, as yyyy-mm-dd strings. */
const RECALL_DATES = sql`coalesce((select json_agg(to_char(d.recall_date, 'YYYY-MM-DD') order by d.recall_date) from case_recall_dates d where d.case_id = c.id), '[]'::json)`

/**
 * What the cache is missing, in one statement. Recall dates are read for every case, whatever the session draws
 * by: the one catalog kept serves every session, and is read again only after the bank changed.
 */
async function readBank(db: Db, missing: BankNeeds): Promise<BankFacts> {
  const { rows } = await sql<{ catalog: CaseSummary[] | null; category_names: string[] | null; criteria: CriterionView[] | null; station: Station | null }>`select
    ${missing.catalog ? sql`(select json_agg(json_build_object('id', c.id, 'categoryName', g.name, 'recallDates', ${RECALL_DATES}, 'stationType', c.station_type, 'mlaAreas', coalesce(c.station -> 'mlaAreas', '[]'::jsonb), 'version', c.current_version) order by c.id)
      from cases c join categories g on g.id = c.category_id)` : sql`null`} as catalog,
    ${missing.catalog ? sql`(select json_agg(name order by name) from categories)` : sql`null`} as category_names,
    ${versionContent(missing.criteriaOf, 'feedbackCriteria')} as criteria,
    ${versionContent(missing.criteriaOf, 'station')} as station`.execute(db)
  const [row] = rows
  return {
    catalog: missing.catalog ? { cases: row.catalog ?? [], categoryNames: row.category_names ?? [] } : null,
    scheme: missing.criteriaOf === null ? null : { criteria: criteriaShapes(row.criteria ?? []), station: stationIds(row.station) },
  }
}

/** A part of the case version a round plays (null when not asked for, or gone with its case). */
const versionContent = (ref: CaseVersionRef | null, part: 'feedbackCriteria' | 'station') =>
  ref === null ? sql`null` : sql`(select content -> ${part} from case_versions where case_id = ${ref.caseId} and version = ${ref.version})`

/** What marks and revealed facts may name: the station's checklist items and facts. */
function stationIds(station: Station | null): DecisionContext['currentStation'] {
  if (!station) return NO_STATION
  return { checklistIds: station.checklist.map((item) => item.id), factIds: station.patient.facts.map((fact) => fact.id) }
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

/** Every case of the bank (summaries), for a choice made outside a session's decisions (a solo station, issue 34). */
export async function catalogOf(db: Db, bank: CaseBankCache): Promise<readonly CaseSummary[]> {
  const { catalog } = await bank.read({ catalog: true, criteriaOf: null }, (missing) => readBank(db, missing))
  return catalog!.cases
}
