import type { FastifyInstance, FastifyRequest } from 'fastify'
import { adminSessionContracts, type AdminSessionsRequest } from '../../../schemas/api/admin-sessions.ts'
import { HttpError } from '../../errors.ts'
import { serve } from '../../route-contract.ts'
import { normaliseSessionCode } from '../engine/session-codes.ts'
import type { SessionRoutesContext } from '../http/route-context.ts'
import { adminTimeline } from './admin-timeline.ts'
import { recordLookup } from './lookups.ts'
import { roundSummary } from './round-summary.ts'
import { exportFileName, sessionLogExport } from './session-export.ts'
import { findSessions } from './session-search.ts'
import { stateAt } from './state-at.ts'

/**
 * What a search is written down as: the code and days asked (neither is personal), and of a participant's name or
 * email only its length. The record outlives the searched person's account and is part of the admin's own data
 * export (lookups.ts), so it must not keep who they searched for.
 */
function searchLookedAt(query: AdminSessionsRequest): string {
  const asked = [
    query.code && `code=${query.code}`,
    query.participant && `participant=(${query.participant.length} characters)`,
    query.from && `from=${query.from}`,
    query.to && `to=${query.to}`,
  ].filter(Boolean)
  return `search ${asked.join(' ') || '(all)'} page ${query.page}`
}

/**
 * The maintainers' sessions (issue 37), for admins only: each route writes down who looked and at what before it
 * answers, so even a look that finds nothing to show (an unknown code, a round never played) is on record.
 */
export async function adminSessionRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findAnySession, caseViews } = context
  const admin = { preHandler: app.requireAdmin }
  const looked = (request: FastifyRequest, sessionId: number | null, lookedAt: string) =>
    recordLookup(db, { adminId: request.currentUser.id, sessionId, lookedAt, at: new Date(engine.now()) })
  /** The session a code names, once the look at it (`what`) is on record; a code naming none is recorded, then 404s. */
  const lookAt = async (request: FastifyRequest, code: string, what: string): Promise<number> => {
    const found = await findAnySession(request, code).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) {
        await looked(request, null, `${what} of unknown code ${normaliseSessionCode(code) ?? `(${code.length} characters, not a code)`}`)
      }
      throw error
    })
    await looked(request, found.id, what)
    return found.id
  }

  serve(app, adminSessionContracts.find, admin, async (request, { query }) => {
    await looked(request, null, searchLookedAt(query))
    return findSessions(db, query)
  })

  serve(app, adminSessionContracts.timeline, admin, async (request) => adminTimeline(db, await lookAt(request, request.params.code, 'timeline')))

  serve(app, adminSessionContracts.state, admin, async (request, { query }) => {
    const id = await lookAt(request, request.params.code, `state at version ${query.version}`)
    return stateAt(db, caseViews, id, query.version)
  })

  serve(app, adminSessionContracts.roundSummary, admin, async (request, { params }) => {
    const id = await lookAt(request, params.code, `round ${params.round} summary`)
    return roundSummary(db, caseViews, id, params.round)
  })

  serve(app, adminSessionContracts.exportLog, admin, async (request, _checked, reply) => {
    const log = await sessionLogExport(db, await lookAt(request, request.params.code, 'export'))
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(log.code)}"`)
      .send(JSON.stringify(log, null, 2))
  })
}
