import { sql, type RawBuilder } from 'kysely'
import type { CaseSearch } from '../../schemas/case-search.ts'
import type { Difficulty, MlaArea } from '../../schemas/station/station.ts'
import { RECALL_DATES_OF_CASE } from '../content/cases-repo.ts'
import type { Db } from '../db/connect.ts'
import { practisedCaseIds } from '../solo/solo-repo.ts'

/**
 * The one query behind both searches (issue 35): the cases that pass every filter given, with their category and
 * their ratings joined. What a text search reads is the audience's: a reviewer's everything, a candidate's only
 * what a candidate reads before the station, so a word only the script or checklist holds finds nothing for them.
 */
export type SearchedText = 'wholeCase' | 'candidateInstructions'

const DOCUMENTS: Record<SearchedText, RawBuilder<unknown>> = {
  // Stored and GIN-indexed (migrations/0018): title (weight A), description (B), both scripts and the station.
  wholeCase: sql`cases.search_text`,
  // Computed per query (the bank is a few hundred cases): the instructions' string values, not the JSON's keys.
  candidateInstructions: sql`jsonb_to_tsvector('english', cases.station -> 'candidate', '["string"]')`,
}

/** The English configuration stems ("pains" finds "pain"); the web search syntax takes "quotes", or and -not. */
const textQuery = (words: string) => sql`websearch_to_tsquery('english', ${words})`

export const hasText = (search: CaseSearch) => (search.q ?? '') !== ''

/** How well a case matches the search text; 0 with no text. */
export function rankOf(search: CaseSearch, text: SearchedText) {
  return hasText(search) ? sql<number>`ts_rank(${DOCUMENTS[text]}, ${textQuery(search.q!)})::float8` : sql<number>`0::float8`
}

export function matchingCases(db: Db, search: CaseSearch, userId: number, text: SearchedText) {
  let query = db
    .selectFrom('cases')
    .innerJoin('categories', 'categories.id', 'cases.category_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('case_ratings')
          .select('case_id')
          .select(sql<number>`count(*)::int`.as('rating_count'))
          .select(sql<number>`avg(realism)::float8`.as('mean_realism'))
          .select(sql<number>`avg(difficulty)::float8`.as('mean_difficulty'))
          .groupBy('case_id')
          .as('ratings'),
      (join) => join.onRef('ratings.case_id', '=', 'cases.id'),
    )
  if (hasText(search)) query = query.where(sql<boolean>`${DOCUMENTS[text]} @@ ${textQuery(search.q!)}`)
  const { topic } = search
  if (topic !== undefined) {
    query = query.where((eb) => eb.or([eb('categories.name', '=', topic), ...(/^[1-9]\d{0,14}$/.test(topic) ? [eb('categories.id', '=', Number(topic))] : [])]))
  }
  if (search.stationType) query = query.where('cases.station_type', '=', search.stationType)
  if (search.mlaArea) query = query.where(sql<boolean>`cases.station -> 'mlaAreas' @> ${JSON.stringify([search.mlaArea])}::jsonb`)
  if (search.difficulty) query = query.where(sql<boolean>`cases.station ->> 'difficulty' = ${search.difficulty}`)
  if (search.minRealism !== undefined) query = query.where('ratings.mean_realism', '>=', search.minRealism)
  if (search.recallFrom || search.recallTo) {
    const from = search.recallFrom ? sql`and d.recall_date >= ${search.recallFrom}::date` : sql``
    const to = search.recallTo ? sql`and d.recall_date <= ${search.recallTo}::date` : sql``
    query = query.where(sql<boolean>`exists (select 1 from case_recall_dates d where d.case_id = cases.id ${from} ${to})`)
  }
  if (search.notPlayedByMe) query = query.where('cases.id', 'not in', practisedCaseIds(db, userId))
  return query
}

export type MatchingCases = ReturnType<typeof matchingCases>

/** How many cases match in all, for "showing 20 of 134". */
export async function matchCount(query: MatchingCases): Promise<number> {
  const row = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
  return Number(row.total)
}

/** The columns both audiences are answered from: how a case is filed and rated, never what happens in it. */
export function filedColumns(query: MatchingCases) {
  return query
    .select(['cases.id', 'categories.name as topic', 'cases.station_type', 'ratings.rating_count', 'ratings.mean_realism', 'ratings.mean_difficulty'])
    .select(sql<MlaArea[]>`coalesce(cases.station -> 'mlaAreas', '[]'::jsonb)`.as('mla_areas'))
    .select(sql<Difficulty | null>`cases.station ->> 'difficulty'`.as('difficulty'))
    .select(RECALL_DATES_OF_CASE.as('recall_dates'))
}

type FiledRow = { id: number; topic: string; mla_areas: MlaArea[]; recall_dates: string[]; rating_count: number | null; mean_realism: number | null; mean_difficulty: number | null }

/** The wire's fields of a filed row (schemas/case-search.ts); a case nobody rated has count 0 and no means. */
export function filedView(row: FiledRow) {
  return {
    id: Number(row.id),
    topic: row.topic,
    mlaAreas: row.mla_areas,
    recallDates: row.recall_dates,
    ratings: { count: row.rating_count ?? 0, meanRealism: row.mean_realism, meanDifficulty: row.mean_difficulty },
  }
}
