import type { FastifyInstance } from 'fastify'
import { progressContracts } from '../../schemas/api/progress.ts'
import { periodDays, periodStart } from '../../schemas/progress.ts'
import type { Db } from '../db/connect.ts'
import { feedbackReceived } from '../sessions/store/queries.ts'
import { serve } from '../route-contract.ts'
import { feedbackCsv } from './feedback-csv.ts'
import { progressReport } from './report.ts'

/**
 * /api/progress: the signed-in candidate's own progress and their own feedback to download. Neither route takes
 * a user: each answers only about the caller, so nobody can read another's.
 */
export async function progressRoutes(app: FastifyInstance, options: { db: Db; clock?: () => number }) {
  const { db } = options
  const now = () => new Date(options.clock?.() ?? Date.now())
  const signedIn = { preHandler: app.authenticate }

  serve(app, progressContracts.report, signedIn, async (request, { query: { days } }) => progressReport(db, request.currentUser.id, days, now()))

  serve(app, progressContracts.export, signedIn, async (request, { query: { days, format } }, reply) => {
    const since = periodStart(days, now().getTime())
    const items = (await feedbackReceived(db, request.currentUser.id)).filter((item) => since === null || Date.parse(item.timestamp) >= since)
    const stamp = now().toISOString().slice(0, 10)
    reply.header('content-disposition', `attachment; filename="plab-feedback-${stamp}.${format}"`)
    reply.header('cache-control', 'no-store')
    if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify({ exportedAt: now().toISOString(), days: periodDays(days), items }, null, 2))
    return reply.type('text/csv; charset=utf-8').send(feedbackCsv(items))
  })
}
