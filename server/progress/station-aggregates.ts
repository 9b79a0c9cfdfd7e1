import { sql } from 'kysely'
import { DOMAINS, type Domain } from '../../schemas/marking.ts'
import { DAY_MS, DISAGREEMENT_POINTS, RECENT_STATIONS, ROLLING_STATIONS, type ProgressHeadline, type RaterAgreement, type StationTypeCoverage, type TopicCoverage, type TrendStation } from '../../schemas/progress.ts'
import { STATION_TYPES, type StationType } from '../../schemas/station/station.ts'
import type { Db } from '../db/connect.ts'
import { domainColumn, isoOrNull, progressTables, rounded, type Period } from './period-sql.ts'

/** The aggregates over stations (session + round): headline, agreement, trend per station, topic coverage. */

// Ties in time (two stations closing in the same millisecond) are broken the same way everywhere.
const NEWEST_FIRST = sql`at desc, session_id desc, round desc`

interface HeadlineRow {
  stations: number
  last_7: number
  last_30: number
  unscored: number
  recent_mean: number | null
  recent_scored: number
  judged: number
  judged_well: number
  compared: number
  disagreements: number
  mean_difference: number | null
}

export async function headlineAndAgreement(db: Db, period: Period, now: Date): Promise<{ headline: ProgressHeadline; agreement: RaterAgreement }> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
  const difference = sql`abs(patient_score - observer_score)`
  const { rows } = await sql<HeadlineRow>`${progressTables(period)},
    recent_scored as (select score from stations where score is not null order by ${NEWEST_FIRST} limit ${RECENT_STATIONS}),
    recent_judged as (select judged_well from stations where judgements > 0 order by ${NEWEST_FIRST} limit ${RECENT_STATIONS})
    select count(*) as stations,
      count(*) filter (where at >= ${daysAgo(7)}::timestamptz) as last_7,
      count(*) filter (where at >= ${daysAgo(30)}::timestamptz) as last_30,
      count(*) filter (where score is null) as unscored,
      (select ${rounded(sql`avg(score)`)} from recent_scored) as recent_mean,
      (select count(*) from recent_scored) as recent_scored,
      (select count(*) from recent_judged) as judged,
      (select count(*) from recent_judged where judged_well) as judged_well,
      count(*) filter (where ${difference} is not null) as compared,
      count(*) filter (where ${difference} >= ${DISAGREEMENT_POINTS}) as disagreements,
      ${rounded(sql`avg(${difference})`)} as mean_difference
    from stations`.execute(db)
  const row = rows[0]
  return {
    headline: {
      stations: row.stations,
      stationsLast7Days: row.last_7,
      stationsLast30Days: row.last_30,
      unscoredStations: row.unscored,
      recentScore: { mean: row.recent_mean, stations: row.recent_scored },
      recentJudgement: { satisfactoryOrGood: row.judged_well, judged: row.judged },
    },
    agreement: { compared: row.compared, differByTwoOrMore: row.disagreements, meanDifference: row.mean_difference },
  }
}

type TrendRow = { at: Date | string; topic: string; station_score: number | null; rolling_mean: number | null } & Record<string, number | null>

/** Every station, oldest first; a station with no score (before domains) has no rolling mean either: a gap. */
export async function trendByStation(db: Db, period: Period): Promise<TrendStation[]> {
  const domainPoints = DOMAINS.map((domain) => sql`${rounded(sql`s.${sql.ref(domainColumn(domain))}`)} as ${sql.ref(domainColumn(domain))}`)
  const { rows } = await sql<TrendRow>`${progressTables(period, { domainPoints: true })},
    rolling as (
      select session_id, round,
        avg(score) over (order by at, session_id, round rows between ${sql.lit(ROLLING_STATIONS - 1)} preceding and current row) as mean
      from stations where score is not null
    )
    select s.at, s.category as topic, ${rounded(sql`s.score`)} as station_score, ${rounded(sql`r.mean`)} as rolling_mean, ${sql.join(domainPoints)}
    from stations s left join rolling r on r.session_id = s.session_id and r.round = s.round
    order by s.at, s.session_id, s.round`.execute(db)
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    topic: row.topic,
    stationScore: row.station_score,
    rollingMean: row.rolling_mean,
    domains: Object.fromEntries(DOMAINS.map((domain) => [domain, row[domainColumn(domain)]])) as Record<Domain, number | null>,
  }))
}

/**
 * Every station type, and the cases in the older shape if any were practised, with the stations practised of
 * each (issue 32). The type is the case's as it is now; a case deleted since counts with the older shape.
 */
export async function stationTypeCoverage(db: Db, period: Period): Promise<StationTypeCoverage[]> {
  const { rows } = await sql<{ station_type: StationType | null; stations: number; mean_score: number | null; last_at: Date | string | null }>`${progressTables(period)}
    select cases.station_type, count(*) as stations, ${rounded(sql`avg(score)`)} as mean_score, max(at) as last_at
    from stations left join cases on cases.id = stations.case_id group by cases.station_type`.execute(db)
  const practised = new Map(rows.map((row) => [row.station_type, row]))
  const types: Array<StationType | null> = [...STATION_TYPES, ...(practised.has(null) ? [null] : [])]
  return types.map((stationType) => {
    const row = practised.get(stationType)
    return { stationType, stations: Number(row?.stations ?? 0), meanScore: row?.mean_score ?? null, lastPractisedAt: isoOrNull(row?.last_at ?? null) }
  })
}

/** Every topic of the case bank and every topic practised in the period (a topic renamed or deleted since included). */
export async function topicCoverage(db: Db, period: Period): Promise<TopicCoverage[]> {
  const { rows } = await sql<{ category: string; stations: number; mean_score: number | null; last_at: Date | string | null }>`${progressTables(period)},
    practised as (select category, count(*) as stations, ${rounded(sql`avg(score)`)} as mean_score, max(at) as last_at from stations group by category)
    select coalesce(p.category, c.name) as category, coalesce(p.stations, 0) as stations, p.mean_score, p.last_at
    from practised p full join categories c on c.name = p.category
    order by lower(coalesce(p.category, c.name)), 1`.execute(db)
  return rows.map((row) => ({ category: row.category, stations: row.stations, meanScore: row.mean_score, lastPractisedAt: isoOrNull(row.last_at) }))
}
