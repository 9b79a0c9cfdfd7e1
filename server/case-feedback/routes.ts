import type { FastifyInstance, FastifyRequest } from 'fastify'
import { caseFeedbackContracts } from '../../schemas/api/case-feedback.ts'
import { DAY_MS } from '../../schemas/progress.ts'
import { REPORT_STATUS_LABELS } from '../../schemas/problem-reports.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound, tooManyRequests } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { ratingOf, reportsSince, saveRating, saveReport } from './feedback-repo.ts'
import { playedCase } from './played-case.ts'
import { closeReport, findReport, reportQueue } from './report-queue.ts'

/** Reports a person may send in 24 hours: more than a long day of practice finds, fewer than would flood the queue. */
export const REPORTS_PER_DAY = 30
export const REPORT_LIMIT = `You have sent ${REPORTS_PER_DAY} problem reports in the last 24 hours, the most a day allows: please send more tomorrow`
export const NO_SUCH_REPORT = 'There is no such problem report'

/**
 * /api/case-ratings and /api/case-problem-reports (issue 35): a participant rates and reports the case of a
 * station they played, once it is over (played-case.ts); reviewers read the reports and close them.
 */
export async function caseFeedbackRoutes(app: FastifyInstance, options: { db: Db; rateLimits: boolean; clock?: () => number }) {
  const { db } = options
  const now = () => options.clock?.() ?? Date.now()
  const limited = perUserLimit(app, options, 30)
  const reviewers = { preHandler: app.requireReviewer }

  serve(app, caseFeedbackContracts.rate, limited, async (request, { body: { source, realism, difficulty } }) => {
    const userId = request.currentUser.id
    const played = await playedCase(db, source, userId, now())
    const rating = await saveRating(db, userId, played, { realism, difficulty }, new Date(now()))
    return { message: 'Thank you: your rating is saved', rating }
  })

  serve(app, caseFeedbackContracts.myRating, limited, async (request, { query }) => {
    const userId = request.currentUser.id
    const played = await playedCase(db, query, userId, now())
    return { rating: await ratingOf(db, userId, played.caseId) }
  })

  serve(app, caseFeedbackContracts.report, limited, async (request, { body: { source, kind, details } }) => {
    const userId = request.currentUser.id
    const played = await playedCase(db, source, userId, now())
    const sent = await reportsSince(db, userId, new Date(now() - DAY_MS))
    // Another may be sent once the first of the day's reports is 24 hours old.
    if (sent.count >= REPORTS_PER_DAY) throw tooManyRequests(REPORT_LIMIT, Math.ceil((sent.first!.getTime() + DAY_MS - now()) / 1000))
    await saveReport(db, userId, played, { kind, details }, new Date(now()))
    return { message: 'Thank you: a reviewer will look at the case and put it right if needed' }
  })

  const showsCodes = (request: FastifyRequest) => request.currentUser.role === 'ADMIN'
  serve(app, caseFeedbackContracts.queue, reviewers, async (request, { query }) => reportQueue(db, query.page, showsCodes(request)))

  serve(app, caseFeedbackContracts.resolve, reviewers, async (request, { params, body }) => {
    const closed = await closeReport(db, params.id, { status: body.status, note: body.note, reviewerId: request.currentUser.id, at: new Date(now()) })
    const report = await findReport(db, params.id, showsCodes(request))
    if (!report) throw notFound(NO_SUCH_REPORT)
    if (!closed) throw conflict(`This report was already closed: ${REPORT_STATUS_LABELS[report.status].toLowerCase()} by ${report.resolvedByName ?? 'a former reviewer'}`)
    return { message: body.status === 'RESOLVED' ? 'The report is resolved' : 'The report is dismissed', report }
  })
}
