import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionContracts } from '../../../schemas/api/sessions.ts'
import { ACCESS_DENIED, activeParticipant } from '../../../schemas/session/participants.ts'
import { checkedScores, overallPerformance } from '../../../schemas/session/feedback-scores.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import { serve } from '../../route-contract.ts'
import { asHttpError } from '../engine/command-runner.ts'
import { selfAssessmentCriteria } from '../../../schemas/station/spec-fields.ts'
import { criteriaShapes } from '../engine/decision-context.ts'
import { debriefLinks, debriefOf, saveSelfAssessment, savedSelfAssessment } from './debrief.ts'
import { perUserLimit } from '../../request-identity.ts'
import type { SessionRoutesContext } from '../http/route-context.ts'

export const DEBRIEF_NOT_YET = "The debrief opens once this round's feedback phase is over"
export const NO_DEBRIEF = 'There is no debrief of this round for you'
const ONLY_DOCTOR = 'Only the doctor of this round can assess themself'
const ONLY_WHILE_WAITING = 'You can assess yourself while the others give their feedback'

/**
 * The doctor's debrief and self-assessment (issue 16). The debrief is the doctor's alone, for a round they sat
 * as doctor, and only once its feedback phase is over; anyone else learns nothing, not even that it exists
 * (404). The self-assessment is written and read by that doctor only and is never broadcast.
 */
export async function debriefRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findSession } = context
  const limited = perUserLimit(app, context, 60)

  serve(app, sessionContracts.debrief, limited, async (request, { params: { code, round } }) => {
    const { id } = await findSession(request, code)
    const me = request.currentUser.id
    const answer = await debriefOf(db, id, round, me)
    if (answer.kind === 'debrief') return answer.debrief
    if (answer.kind === 'notYet') throw forbidden(DEBRIEF_NOT_YET)
    if (answer.kind === 'caseGone') throw notFound('This case is no longer in the case bank')
    // Not scored yet: the doctor still waiting in this round hears when; anyone else, nothing.
    const state = await engine.loader.load(id)
    const waiting = state && state.status !== 'COMPLETED' && state.currentRound === round && activeParticipant(state, me)?.role === 'DOCTOR'
    throw waiting ? forbidden(DEBRIEF_NOT_YET) : notFound(NO_DEBRIEF)
  })

  serve(app, sessionContracts.debriefs, limited, async (request) => {
    const { id } = await findSession(request, request.params.code)
    return debriefLinks(db, id, request.currentUser.id)
  })

  /** The doctor of the round being scored, and its mark scheme; a refusal for anyone else or at any other time. */
  const waitingDoctor = async (request: FastifyRequest, code: string) => {
    const { id } = await findSession(request, code)
    const state = await engine.loader.load(id)
    const me = state && activeParticipant(state, request.currentUser.id)
    if (!state || !me) throw forbidden(ACCESS_DENIED)
    if (me.role !== 'DOCTOR' || me.joinedAfterConsultation) throw forbidden(ONLY_DOCTOR)
    if (state.phase !== 'FEEDBACK' || state.caseId === null) throw conflict(ONLY_WHILE_WAITING)
    const fullCase = await engine.caseViews.ofState(state)
    if (!fullCase) throw notFound('This case is no longer in the case bank')
    return { state, criteria: selfAssessmentCriteria(fullCase) }
  }

  serve(app, sessionContracts.selfAssessment, limited, async (request) => {
    const { state, criteria } = await waitingDoctor(request, request.params.code)
    return { round: state.currentRound, criteria, saved: await savedSelfAssessment(db, state.sessionId, state.currentRound, request.currentUser.id) }
  })

  serve(app, sessionContracts.saveSelfAssessment, limited, async (request, { body }) => {
    const { state, criteria } = await waitingDoctor(request, request.params.code)
    if (body.round !== state.currentRound) throw conflict("That round's feedback phase is over")
    let criteriaScores
    try {
      criteriaScores = checkedScores(criteriaShapes(criteria), body.criteriaScores)
    } catch (error) {
      throw asHttpError(error)
    }
    const assessment = { criteriaScores, overallPerformance: overallPerformance(criteriaScores), comment: body.comment }
    const row = { ...assessment, sessionId: state.sessionId, round: state.currentRound, userId: request.currentUser.id, caseId: state.caseId! }
    await saveSelfAssessment(db, row, new Date(engine.now()))
    return { message: 'Self-assessment saved', selfAssessment: assessment }
  })
}
