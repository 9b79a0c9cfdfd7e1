import { STATION_TYPES } from './station/station.ts'
import * as v from 'valibot'
import { MockExamSummarySchema } from './mock/result-sheet.ts'
import { DOMAINS, FEEDBACK_AREAS, GLOBAL_JUDGEMENTS, type Domain } from './marking.ts'

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

export const ProgressHeadlineSchema = v.object({
  /** Stations practised as the doctor in the period. */
  stations: v.number(),
  stationsLast7Days: v.number(),
  stationsLast30Days: v.number(),
  /** Stations with no station score (marked before domains existed, or with a domain the case left unassigned). */
  unscoredStations: v.number(),
  /** The mean station score (0-12) of the latest RECENT_STATIONS scored stations, and how many there were. */
  recentScore: v.object({ mean: v.nullable(v.number()), stations: v.number() }),
  /** Of the latest RECENT_STATIONS stations an observer judged, how many were judged Satisfactory or Good. */
  recentJudgement: v.object({ satisfactoryOrGood: v.number(), judged: v.number() }),
})
export type ProgressHeadline = v.InferOutput<typeof ProgressHeadlineSchema>

const domainPoints = v.nullable(v.number())

/**
 * One station practised, for the trend chart: every station is its own point, in the order they were played (issue
 * 29: one point per day hid the trend of a day of four stations).
 */
export const TrendStationSchema = v.object({
  /** ISO time of the station's last feedback: its place in the order, and the date shown with it. */
  at: v.string(),
  topic: v.string(),
  /** The station's score (0-12, the mean of its raters'); null when it could not be graded (before domains). */
  stationScore: v.nullable(v.number()),
  /** The mean of the last ROLLING_STATIONS scored stations up to this one; null before the first scored one. */
  rollingMean: v.nullable(v.number()),
  /** Mean domain points (0-4) of the station's raters, per domain; null when that domain was not graded. */
  domains: v.object({
    DATA_GATHERING: domainPoints,
    CLINICAL_MANAGEMENT: domainPoints,
    INTERPERSONAL: domainPoints,
  } satisfies Record<Domain, typeof domainPoints>),
})
export type TrendStation = v.InferOutput<typeof TrendStationSchema>

export const DomainSummarySchema = v.object({
  domain: v.picklist(DOMAINS),
  /** The mean of the domain's mean score (0-4) over every feedback that graded it. */
  mean: v.nullable(v.number()),
  ratings: v.number(),
})
export type DomainSummary = v.InferOutput<typeof DomainSummarySchema>

export const TopicCoverageSchema = v.object({
  category: v.string(),
  stations: v.number(),
  meanScore: v.nullable(v.number()),
  /** ISO time; null for a topic never practised in the period. */
  lastPractisedAt: v.nullable(v.string()),
})
export type TopicCoverage = v.InferOutput<typeof TopicCoverageSchema>

/** Issue 32: stations practised per station type; `stationType` null for cases in the older shape. */
export const StationTypeCoverageSchema = v.object({
  stationType: v.nullable(v.picklist(STATION_TYPES)),
  stations: v.number(),
  meanScore: v.nullable(v.number()),
  /** ISO time; null for a station type never practised in the period. */
  lastPractisedAt: v.nullable(v.string()),
})
export type StationTypeCoverage = v.InferOutput<typeof StationTypeCoverageSchema>

export const WeakPointSchema = v.variant('kind', [
  v.object({ kind: v.literal('domain'), domain: v.picklist(DOMAINS), mean: v.number(), ratings: v.number() }),
  v.object({ kind: v.literal('criterion'), criterion: v.string(), mean: v.number(), ratings: v.number() }),
])
export type WeakPoint = v.InferOutput<typeof WeakPointSchema>

export const AreaCountSchema = v.object({ area: v.picklist(FEEDBACK_AREAS), count: v.number() })
export type AreaCount = v.InferOutput<typeof AreaCountSchema>

export const RaterAgreementSchema = v.object({
  /** Stations where both the patient and an observer gave a station score. */
  compared: v.number(),
  differByTwoOrMore: v.number(),
  /** The mean absolute difference of the two station scores. */
  meanDifference: v.nullable(v.number()),
})
export type RaterAgreement = v.InferOutput<typeof RaterAgreementSchema>

/**
 * Stations practised alone (issue 34), marked by the candidate themselves: a series of their own, never added to
 * the figures above, which count only what others marked.
 */
export const SelfMarkedSchema = v.object({
  stations: v.number(),
  /** The mean station score (0-12) of the self-marked stations that have one. */
  meanScore: v.nullable(v.number()),
  /** The latest SELF_MARKED_SHOWN, newest first. */
  latest: v.array(
    v.object({
      id: v.number(),
      /** ISO time of the marks. */
      at: v.string(),
      caseTitle: v.string(),
      stationType: v.nullable(v.picklist(STATION_TYPES)),
      stationScore: v.nullable(v.number()),
      globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
    }),
  ),
})
export type SelfMarked = v.InferOutput<typeof SelfMarkedSchema>
export const SELF_MARKED_SHOWN = 10

export const ProgressReportSchema = v.object({
  days: v.nullable(v.number()),
  headline: ProgressHeadlineSchema,
  /** Oldest first. */
  trend: v.array(TrendStationSchema),
  domains: v.array(DomainSummarySchema),
  /** Feedback given before domains existed: no domain graded. Shown as unassigned, never as zero. */
  unassignedFeedback: v.number(),
  /** Every topic of the case bank and every topic practised, practised ones first by last practised. */
  coverage: v.array(TopicCoverageSchema),
  /** An addition (issue 32): every station type, and the older cases, with what was practised of each. */
  stationTypes: v.array(StationTypeCoverageSchema),
  /** Up to WEAKEST_COUNT domains or criteria with the lowest mean, lowest first. */
  weakest: v.array(WeakPointSchema),
  /** Feedback areas ticked at least once, most often first. */
  areas: v.array(AreaCountSchema),
  agreement: RaterAgreementSchema,
  /** An addition (issue 33): the candidate's finished mock exams, oldest first, a series of their own. */
  mockExams: v.array(MockExamSummarySchema),
  /** An addition (issue 34): stations practised alone and marked by the candidate. */
  selfMarked: SelfMarkedSchema,
})
export type ProgressReport = v.InferOutput<typeof ProgressReportSchema>
