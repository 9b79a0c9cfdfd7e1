import * as v from 'valibot'
import type { Domain, FeedbackArea } from './marking.ts'

/**
 * GET /api/progress (issue 18): where the signed-in candidate stands, aggregated by the server over the feedback
 * they received as the doctor. A station is one round of one session (session + round): the patient and the
 * observer each give it a feedback. Scores are on the exam's scales: the station score 0-12, a domain or a
 * criterion 0-4.
 */

export const PROGRESS_PERIODS = ['all', '90', '30'] as const
export type ProgressPeriod = (typeof PROGRESS_PERIODS)[number]

const PERIOD_RULE = 'days must be 90 or 30, or all'
const period = v.optional(v.picklist(PROGRESS_PERIODS, PERIOD_RULE), 'all')

export const ProgressQuery = v.object({ days: period })

export const EXPORT_FORMATS = ['csv', 'json'] as const
export const ProgressExportQuery = v.object({
  days: period,
  format: v.picklist(EXPORT_FORMATS, 'format must be csv or json'),
})

export const DAY_MS = 86_400_000

/** The period's length in days; null for all time. */
export const periodDays = (days: ProgressPeriod): number | null => (days === 'all' ? null : Number(days))

/** When the period starts (ms since the epoch), `now` being the server's clock; null for all time. */
export function periodStart(days: ProgressPeriod, now: number): number | null {
  const length = periodDays(days)
  return length === null ? null : now - length * DAY_MS
}

/** How many of the latest stations the headline's "recent" figures read. */
export const RECENT_STATIONS = 10
/** The trend's rolling mean: over this many scored stations, the day's last one included. */
export const ROLLING_STATIONS = 5
/** A criterion or domain counts among the weakest points only with at least this many ratings. */
export const MIN_RATINGS = 2
export const WEAKEST_COUNT = 3
/** Patient and observer "disagree" on a station when their station scores differ by at least this much. */
export const DISAGREEMENT_POINTS = 2

export interface ProgressHeadline {
  /** Stations practised as the doctor in the period. */
  stations: number
  stationsLast7Days: number
  stationsLast30Days: number
  /** Stations with no station score (marked before domains existed, or with a domain the case left unassigned). */
  unscoredStations: number
  /** The mean station score (0-12) of the latest RECENT_STATIONS scored stations, and how many there were. */
  recentScore: { mean: number | null; stations: number }
  /** Of the latest RECENT_STATIONS stations an observer judged, how many were judged Satisfactory or Good. */
  recentJudgement: { satisfactoryOrGood: number; judged: number }
}

/**
 * One station practised, for the trend chart: every station is its own point, in the order they were played (issue
 * 29: one point per day hid the trend of a day of four stations).
 */
export interface TrendStation {
  /** ISO time of the station's last feedback: its place in the order, and the date shown with it. */
  at: string
  topic: string
  /** The station's score (0-12, the mean of its raters'); null when it could not be graded (before domains). */
  stationScore: number | null
  /** The mean of the last ROLLING_STATIONS scored stations up to this one; null before the first scored one. */
  rollingMean: number | null
  /** Mean domain points (0-4) of the station's raters, per domain; null when that domain was not graded. */
  domains: Record<Domain, number | null>
}

export interface DomainSummary {
  domain: Domain
  /** The mean of the domain's mean score (0-4) over every feedback that graded it. */
  mean: number | null
  ratings: number
}

export interface TopicCoverage {
  category: string
  stations: number
  meanScore: number | null
  /** ISO time; null for a topic never practised in the period. */
  lastPractisedAt: string | null
}

export type WeakPoint =
  | { kind: 'domain'; domain: Domain; mean: number; ratings: number }
  | { kind: 'criterion'; criterion: string; mean: number; ratings: number }

export interface AreaCount {
  area: FeedbackArea
  count: number
}

export interface RaterAgreement {
  /** Stations where both the patient and an observer gave a station score. */
  compared: number
  differByTwoOrMore: number
  /** The mean absolute difference of the two station scores. */
  meanDifference: number | null
}

export interface ProgressReport {
  days: number | null
  headline: ProgressHeadline
  /** Oldest first. */
  trend: TrendStation[]
  domains: DomainSummary[]
  /** Feedback given before domains existed: no domain graded. Shown as unassigned, never as zero. */
  unassignedFeedback: number
  /** Every topic of the case bank and every topic practised, practised ones first by last practised. */
  coverage: TopicCoverage[]
  /** Up to WEAKEST_COUNT domains or criteria with the lowest mean, lowest first. */
  weakest: WeakPoint[]
  /** Feedback areas ticked at least once, most often first. */
  areas: AreaCount[]
  agreement: RaterAgreement
}
