import type { FastifyInstance } from 'fastify'
import { sessionContracts } from '../../schemas/api/sessions.ts'
import { conflict, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { perUserLimit } from '../request-identity.ts'
import type { SessionRoutesContext } from '../sessions/http/route-context.ts'
import { sheetOf } from './mock-results.ts'

export const NOT_A_MOCK = 'This session is not a mock exam'
export const SHEET_NOT_YET = 'The result sheet is ready when the mock exam is over'
export const NO_SHEET = 'There is no result sheet for you in this mock exam'

/**
 * A mock exam's result sheet (issue 33): the candidate's own, once the circuit is over, computed from the session's
 * log with the pass marks as they stand now. Nobody else's sheet is given, and one who was never a candidate
 * learns only that there is none for them.
 */
export async function mockResultRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findSession } = context
  serve(app, sessionContracts.mockResult, perUserLimit(app, context, 60), async (request) => {
    const { id } = await findSession(request, request.params.code)
    const state = await engine.loader.load(id)
    const me = request.currentUser.id
    if (!state?.circuit || !state.participants.some((p) => p.userId === me)) throw notFound(state?.circuit ? NO_SHEET : NOT_A_MOCK)
    if (state.status !== 'COMPLETED') throw conflict(SHEET_NOT_YET)
    const sheet = await sheetOf(db, id, me)
    if (!sheet) throw notFound(NO_SHEET)
    return sheet
  })
}
