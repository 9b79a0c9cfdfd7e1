import type { FastifyInstance } from 'fastify'
import { safetyContracts } from '../../schemas/api/safety.ts'
import { CANDIDATE_REPORT_LIMIT, CANDIDATE_REPORTS_PER_DAY, NO_SUCH_CANDIDATE, SHARED_SESSIONS_SHOWN } from '../../schemas/partners/safety.ts'
import { conflict, notFound, tooManyRequests } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { normaliseSessionCode } from '../sessions/engine/session-codes.ts'
import type { SafetyRoutesOptions } from './block-routes.ts'
import { candidateReportList, closeCandidateReport, findCandidateReport, firstReportSince, saveCandidateReport, sharedSessions, whereTheyMet } from './candidate-reports-repo.ts'

const DAY_MS = 24 * 3_600_000
export const NO_SUCH_REPORT = 'There is no such report'
export const REPORT_SENT = 'Thank you for telling us. An administrator will look into it; the person you reported is not told who reported them.'

/**
 * /api/candidate-reports (issue 36): a candidate reports someone they met (a session they shared, or a time one
 * proposed to the other); anyone else is answered as unknown, so the route cannot be used to find out who exists.
 * Admins read the reports, each with its session, whose event log they open from there, and close them.
 */
export async function candidateReportRoutes(app: FastifyInstance, options: SafetyRoutesOptions) {
  const { db, engine } = options
  const admins = { preHandler: app.requireAdmin }

  serve(app, safetyContracts.report, perUserLimit(app, options, 10), async (request, { body }) => {
    const me = request.currentUser
    const code = body.sessionCode === undefined ? undefined : normaliseSessionCode(body.sessionCode)
    const met = code === null || body.userId === me.id ? undefined : await whereTheyMet(db, me.id, body.userId, code)
    if (!met) throw notFound(NO_SUCH_CANDIDATE)
    const at = new Date(engine.now())
    const saved = await saveCandidateReport(db, { reporterId: me.id, reportedId: body.userId, sessionId: met.sessionId, reason: body.reason, details: body.details, at }, CANDIDATE_REPORTS_PER_DAY)
    if (!saved) {
      // Another may be sent once the first of the day's reports is 24 hours old.
      const first = await firstReportSince(db, me.id, new Date(at.getTime() - DAY_MS))
      throw tooManyRequests(CANDIDATE_REPORT_LIMIT, Math.max(1, Math.ceil(((first?.getTime() ?? at.getTime()) + DAY_MS - at.getTime()) / 1000)))
    }
    return { message: REPORT_SENT }
  })

  serve(app, safetyContracts.sharedSessions, { preHandler: app.authenticate }, async (request, { params: { userId } }) => {
    const me = request.currentUser.id
    const rows = userId === me ? [] : await sharedSessions(db, me, userId, SHARED_SESSIONS_SHOWN)
    return { sessions: rows.map((row) => ({ code: row.code, title: row.title, createdAt: new Date(row.created_at).toISOString() })) }
  })

  serve(app, safetyContracts.adminReports, admins, async () => candidateReportList(db))

  serve(app, safetyContracts.closeReport, admins, async (request, { params: { id }, body: { note } }) => {
    const closed = await closeCandidateReport(db, id, { note, adminId: request.currentUser.id, at: new Date(engine.now()) })
    const report = await findCandidateReport(db, id)
    if (!report) throw notFound(NO_SUCH_REPORT)
    if (!closed) throw conflict(`This report was already closed by ${report.closedByName ?? 'a former administrator'}`)
    return { message: 'The report is closed', report }
  })
}
