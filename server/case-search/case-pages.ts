import { sql } from 'kysely'
import type { BankCase, CaseSearch, ReviewerCaseHit } from '../../schemas/case-search.ts'
import type { Db } from '../db/connect.ts'
import { practisedCaseIds } from '../solo/solo-repo.ts'
import { filedColumns, filedView, hasText, matchCount, matchingCases, rankOf } from './matching-cases.ts'
import { storedAttribution } from '../content/case-attribution.ts'

interface Page<Hit> {
  cases: Hit[]
  total: number
  page: number
  pageSize: number
}

const pageWindow = (search: CaseSearch) => ({ offset: search.page * search.pageSize, limit: search.pageSize })

/** Problem reports about the case still waiting for a reviewer. */
const OPEN_PROBLEMS = sql<number>`(select count(*)::int from case_problem_reports p where p.case_id = cases.id and p.status = 'OPEN')`

/**
 * A reviewer's search: the text matched against everything the case holds, best match first (by title without
 * text, as the admin's list has always been sorted).
 */
export async function reviewerPage(db: Db, search: CaseSearch, userId: number): Promise<Page<ReviewerCaseHit>> {
  const matching = matchingCases(db, search, userId, 'wholeCase')
  const rank = rankOf(search, 'wholeCase')
  const { offset, limit } = pageWindow(search)
  const total = await matchCount(matching)
  const rows = await filedColumns(matching)
    .select(['cases.title', 'cases.description', 'cases.current_version', 'cases.contributor_name'])
    .select(OPEN_PROBLEMS.as('open_problems'))
    .select(rank.as('rank'))
    .orderBy(hasText(search) ? rank : sql`lower(cases.title)`, hasText(search) ? 'desc' : 'asc')
    .orderBy('cases.id')
    .offset(offset)
    .limit(limit)
    .execute()
  const cases = rows.map((row) => ({
    ...filedView(row),
    title: row.title,
    description: row.description,
    stationType: row.station_type,
    difficulty: row.difficulty,
    version: row.current_version,
    contributorName: row.contributor_name,
    openProblems: row.open_problems,
    rank: row.rank,
  }))
  return { cases, total, page: search.page, pageSize: search.pageSize }
}

/**
 * A candidate's search: only cases in the exam's shape (a solo station can play them, and their instructions are
 * what the text is matched against), answered without anything that tells what happens in them.
 */
export async function bankPage(db: Db, search: CaseSearch, userId: number): Promise<Page<BankCase>> {
  const matching = matchingCases(db, search, userId, 'candidateInstructions').where('cases.station', 'is not', null)
  const { offset, limit } = pageWindow(search)
  const total = await matchCount(matching)
  let ordered = filedColumns(matching)
    .select(['cases.telephone_consultation', 'cases.contributor_id', 'cases.contributor_name'])
    .select((eb) => eb('cases.id', 'in', practisedCaseIds(db, userId)).as('played_by_me'))
  ordered = hasText(search) ? ordered.orderBy(rankOf(search, 'candidateInstructions'), 'desc') : ordered.orderBy('categories.name').orderBy('cases.station_type')
  const rows = await ordered.orderBy('cases.id').offset(offset).limit(limit).execute()
  const cases = rows.map((row) => ({
    ...filedView(row),
    // Never null here (only stations are listed); the database cannot know it.
    stationType: row.station_type!,
    difficulty: row.difficulty!,
    telephone: row.telephone_consultation,
    playedByMe: Boolean(row.played_by_me),
    ...storedAttribution(row),
  }))
  return { cases, total, page: search.page, pageSize: search.pageSize }
}
