import { mockExamsOf } from '../mock/mock-results.ts'
import { sql } from 'kysely'
import { periodDays, periodStart, type ProgressPeriod, type ProgressReport } from '../../schemas/progress.ts'
import type { Db } from '../db/connect.ts'
import { areaCounts, domainSummaries, weakestCriteria, weakestPoints } from './rating-aggregates.ts'
import { selfMarkedOf } from './self-marked.ts'
import { headlineAndAgreement, stationTypeCoverage, topicCoverage, trendByStation } from './station-aggregates.ts'

/**
 * The whole progress report of one user for one period, each part one SQL statement, all in one read-only
 * transaction so every part counts the same feedback (repeatable read: one snapshot) on one connection.
 */
export async function progressReport(db: Db, userId: number, days: ProgressPeriod, now: Date): Promise<ProgressReport> {
  const start = periodStart(days, now.getTime())
  const period = { userId, since: start === null ? null : new Date(start) }
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // PostgreSQL guesses 100 rows for every jsonb_array_elements, so a few thousand feedbacks look like a large
      // query and it compiles the plan with JIT: about 0.5 s of compiling for a query that runs in 5 ms.
      await sql`set local jit = off`.execute(trx)
      const { headline, agreement } = await headlineAndAgreement(trx, period, now)
      const trend = await trendByStation(trx, period)
      const coverage = await topicCoverage(trx, period)
      const stationTypes = await stationTypeCoverage(trx, period)
      const { domains, unassignedFeedback } = await domainSummaries(trx, period)
      const weakest = weakestPoints(domains, await weakestCriteria(trx, period))
      const areas = await areaCounts(trx, period)
      const mockExams = await mockExamsOf(trx, userId, period.since)
      const selfMarked = await selfMarkedOf(trx, period)
      return { days: periodDays(days), headline, trend, domains, unassignedFeedback, coverage, stationTypes, weakest, areas, agreement, mockExams, selfMarked }
    })
}
