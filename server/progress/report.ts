import { periodDays, periodStart, type ProgressPeriod, type ProgressReport } from '../../schemas/progress.ts'
import type { Db } from '../db/connect.ts'
import { areaCounts, domainSummaries, weakestCriteria, weakestPoints } from './rating-aggregates.ts'
import { headlineAndAgreement, topicCoverage, trendByDay } from './station-aggregates.ts'

/** The whole progress report of one user for one period, each part one SQL statement. */
export async function progressReport(db: Db, userId: number, days: ProgressPeriod, now: Date): Promise<ProgressReport> {
  const start = periodStart(days, now.getTime())
  const period = { userId, since: start === null ? null : new Date(start) }
  // On PostgreSQL the independent statements run side by side on the pool; the embedded database takes them in turn.
  const [{ headline, agreement }, trend, coverage, { domains, unassignedFeedback }, criteria, areas] = await Promise.all([
    headlineAndAgreement(db, period, now),
    trendByDay(db, period),
    topicCoverage(db, period),
    domainSummaries(db, period),
    weakestCriteria(db, period),
    areaCounts(db, period),
  ])
  const weakest = weakestPoints(domains, criteria)
  return { days: periodDays(days), headline, trend, domains, unassignedFeedback, coverage, weakest, areas, agreement }
}
