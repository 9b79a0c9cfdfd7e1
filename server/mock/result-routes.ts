import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { mockContracts } from '../../schemas/api/mock.ts'
import { conflict, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { perUserLimit } from '../request-identity.ts'
import type { SessionRoutesContext } from '../sessions/http/route-context.ts'
import { sheetOf } from './mock-results.ts'

export const NOT_A_MOCK = 'This session is not a mock exam'
export const SHEET_NOT_YET = 'The result sheet is ready when the mock exam is over'
export const NO_SHEET = 'There is no result sheet for you in this mock exam'
export const LINK_GONE = 'This link to a result sheet has been withdrawn, or never existed'

/**
 * A mock exam's result sheet (issue 33): the candidate's own, once the circuit is over, computed from the session's
 * log with the pass marks as they stand now. Nobody else's sheet is given, and one who was never a candidate
 * learns only that there is none for them. The candidate may share it by a private link (a random token) and
 * withdraw it; the link shows the sheet to whoever has it, and nothing else.
 */
export async function mockResultRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findSession } = context
  const limited = perUserLimit(app, context, 60)

  /** The caller's sheet of this session, or the refusal that says why there is none. */
  const mySheet = async (request: FastifyRequest, code: string) => {
    const { id } = await findSession(request, code)
    const state = await engine.loader.load(id)
    const me = request.currentUser.id
    if (!state?.circuit || !state.participants.some((p) => p.userId === me)) throw notFound(state?.circuit ? NO_SHEET : NOT_A_MOCK)
    if (state.status !== 'COMPLETED') throw conflict(SHEET_NOT_YET)
    const sheet = await sheetOf(db, id, me)
    if (!sheet) throw notFound(NO_SHEET)
    return { sessionId: id, userId: me, sheet }
  }
  const liveShare = (sessionId: number, userId: number) =>
    db.selectFrom('mock_result_shares').select('token').where('session_id', '=', sessionId).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst()

  serve(app, mockContracts.resultSheet, limited, async (request) => (await mySheet(request, request.params.code)).sheet)

  serve(app, mockContracts.share, limited, async (request) => {
    const { sessionId, userId } = await mySheet(request, request.params.code)
    return { token: (await liveShare(sessionId, userId))?.token ?? null }
  })

  serve(app, mockContracts.createShare, limited, async (request) => {
    const { sessionId, userId } = await mySheet(request, request.params.code)
    const token = randomBytes(16).toString('base64url')
    // A double click, or two tabs: the one live link wins and both are answered with it.
    await db.insertInto('mock_result_shares').values({ token, session_id: sessionId, user_id: userId }).onConflict((oc) => oc.columns(['session_id', 'user_id']).where('revoked_at', 'is', null).doNothing()).execute()
    return { token: (await liveShare(sessionId, userId))!.token }
  })

  serve(app, mockContracts.revokeShare, limited, async (request) => {
    const { sessionId, userId } = await mySheet(request, request.params.code)
    await db.updateTable('mock_result_shares').set({ revoked_at: new Date() }).where('session_id', '=', sessionId).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
    return { message: 'The link is withdrawn: it no longer opens your result sheet' }
  })

  serve(app, mockContracts.shared, {}, async (_request, { params: { token } }) => {
    const share = await db.selectFrom('mock_result_shares').select(['session_id', 'user_id']).where('token', '=', token).where('revoked_at', 'is', null).executeTakeFirst()
    const sheet = share && (await sheetOf(db, Number(share.session_id), Number(share.user_id)))
    if (!sheet) throw notFound(LINK_GONE)
    return sheet
  })
}
