import { sql } from 'kysely'
import { DOMAINS, FEEDBACK_AREAS, type Domain, type FeedbackArea } from '../../schemas/marking.ts'
import { MIN_RATINGS, WEAKEST_COUNT, type AreaCount, type DomainSummary, type WeakPoint } from '../../schemas/progress.ts'
import type { Db } from '../db/connect.ts'
import { domainField, progressTables, rounded, type Period } from './period-sql.ts'

/**
 * The aggregates over single ratings (each feedback's domains, criteria and areas): the domain means, the weakest
 * domains or criteria, the areas ticked most often, and how much feedback came before domains.
 */

export async function domainSummaries(db: Db, period: Period): Promise<{ domains: DomainSummary[]; unassignedFeedback: number }> {
  const mean = (domain: Domain) => domainField(domain, 'mean')
  const { rows } = await sql<Record<string, number | null>>`${progressTables(period)}
    select ${sql.join(DOMAINS.map((domain, index) => sql`${rounded(sql`avg(${mean(domain)}::numeric)`)} as ${sql.ref(`mean_${index}`)}, count(${mean(domain)}) as ${sql.ref(`ratings_${index}`)}`))},
      -- Feedback with no domain graded at all: given before domains existed (or on a case with none assigned).
      count(*) filter (where ${sql.join(DOMAINS.map((domain) => sql`${mean(domain)} is null`), sql` and `)}) as unassigned
    from mine`.execute(db)
  const row = rows[0]
  return {
    domains: DOMAINS.map((domain, index) => ({ domain, mean: row[`mean_${index}`], ratings: row[`ratings_${index}`] ?? 0 })),
    unassignedFeedback: row.unassigned ?? 0,
  }
}

/** What one stored criterion scored: its score, or the mean of its sub-scores (feedback-scores.ts, criterionValue). */
const criterionValue = sql`case when coalesce(jsonb_array_length(c."subScores"), 0) = 0 then c.score
  else (select avg(s.score) from jsonb_to_recordset(c."subScores") as s(score numeric)) end`

/** The criteria with the lowest means among those rated at least MIN_RATINGS times, lowest first. */
export async function weakestCriteria(db: Db, period: Period): Promise<WeakPoint[]> {
  const { rows } = await sql<{ criterion: string; mean: number; ratings: number }>`${progressTables(period)},
    -- Materialised: each criterion's value is then computed once, not once per aggregate that reads it.
    ratings as materialized (
      select lower(btrim(c."criterionName")) as key, c."criterionName" as name, ${criterionValue} as value
      -- Each criterion's fields typed in one pass, rather than one ->> lookup per field.
      from mine cross join lateral jsonb_to_recordset(criteria_scores) as c("criterionName" text, score numeric, "subScores" jsonb)
    )
    select min(name) as criterion, ${rounded(sql`avg(value)`)} as mean, count(value) as ratings
    from ratings where value is not null
    group by key having count(value) >= ${MIN_RATINGS}
    order by avg(value), count(value) desc, key
    limit ${WEAKEST_COUNT}`.execute(db)
  return rows.map((row) => ({ kind: 'criterion', criterion: row.criterion, mean: row.mean, ratings: row.ratings }))
}

/** The WEAKEST_COUNT lowest means among the domains and criteria rated at least MIN_RATINGS times, lowest first. */
export function weakestPoints(domains: DomainSummary[], criteria: WeakPoint[]): WeakPoint[] {
  const ratedDomains = domains.flatMap((summary): WeakPoint[] =>
    summary.mean !== null && summary.ratings >= MIN_RATINGS ? [{ kind: 'domain', domain: summary.domain, mean: summary.mean, ratings: summary.ratings }] : [],
  )
  // Ties: the lower mean first, then the more ratings (the surer weakness); the sort is stable for the rest.
  return [...ratedDomains, ...criteria].sort((a, b) => a.mean - b.mean || b.ratings - a.ratings).slice(0, WEAKEST_COUNT)
}

export async function areaCounts(db: Db, period: Period): Promise<AreaCount[]> {
  const { rows } = await sql<{ area: string; count: number }>`${progressTables(period)}
    select area, count(*) as count from mine cross join lateral jsonb_array_elements_text(feedback_areas) area
    group by area order by count(*) desc, area`.execute(db)
  return rows.flatMap((row) => (FEEDBACK_AREAS.includes(row.area as FeedbackArea) ? [{ area: row.area as FeedbackArea, count: row.count }] : []))
}
