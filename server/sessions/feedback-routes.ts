import type { FastifyInstance } from 'fastify'
import { FeedbackSubmitBody, toCriterionScores } from '../../schemas/session-api.ts'
import { parseBody } from '../validation.ts'
import { feedbackReceived } from './queries.ts'
import { runOnSession } from './route-context.ts'
import type { SessionRoutesOptions } from './routes.ts'

/**
 * POST /api/feedback/submit and GET /api/feedback/received (WIRE.md section 5). Who may give feedback, when,
 * how often, and what happens next (new case, role change, end) is the session's rule; this only carries it.
 */
export async function feedbackRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const { db, engine } = options
  const signedIn = { preHandler: app.authenticate }

  app.post('/feedback/submit', signedIn, async (request) => {
    const body = parseBody(FeedbackSubmitBody, request.body)
    const { row, events } = await runOnSession({ db, engine }, request, body.sessionCode, {
      type: 'SubmitFeedback',
      comment: body.comment,
      criteriaScores: toCriterionScores(body),
      requestNewCase: body.requestNewCase ?? false,
      requestRoleChange: body.requestRoleChange ?? false,
    })
    const submitted = events.find(({ event }) => event.type === 'FeedbackSubmitted')
    const stored = submitted
      ? await db.selectFrom('feedback').select('id').where('session_id', '=', row.id).where('event_version', '=', submitted.version).executeTakeFirst()
      : undefined
    const newCaseStarted = events.some(({ event }) => event.type === 'CaseAssigned')
    return { message: 'Feedback submitted successfully', feedbackId: stored?.id ?? null, ...(newCaseStarted ? { newCaseStarted } : {}) }
  })

  app.get('/feedback/received', signedIn, async (request) => feedbackReceived(db, request.currentUser.id))
}
