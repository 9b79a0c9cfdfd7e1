import type { FastifyInstance, FastifyRequest } from 'fastify'
import { adminSessionContracts } from '../../../schemas/api/admin-sessions.ts'
import { serve } from '../../route-contract.ts'
import type { SessionRoutesContext } from '../http/route-context.ts'
import { adminTimeline } from './admin-timeline.ts'
import { recordLookup } from './lookups.ts'
import { roundSummary } from './round-summary.ts'
import { exportFileName, sessionLogExport } from './session-export.ts'
import { findSessions } from './session-search.ts'
import { stateAt } from './state-at.ts'

/**
 * The maintainers' sessions (issue 37), for admins only: each route writes down who looked and at what before it
 * answers, so even a look that finds nothing to show is on record.
 */
export async function adminSessionRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findSession, caseViews } = context
  const admin = { preHandler: app.requireAdmin }
  const looked = (request: FastifyRequest, sessionId: number | null, lookedAt: string) =>
    recordLookup(db, { adminId: request.currentUser.id, sessionId, lookedAt, at: new Date(engine.now()) })

  serve(app, adminSessionContracts.find, admin, async (request, { query }) => {
    const asked = Object.entries(query).filter(([key, value]) => value !== '' && key !== 'page')
    await looked(request, null, `search ${asked.map(([key, value]) => `${key}=${value}`).join(' ') || '(all)'} page ${query.page}`)
    return findSessions(db, query)
  })

  serve(app, adminSessionContracts.timeline, admin, async (request) => {
    const { id } = await findSession(request, request.params.code)
    await looked(request, id, 'timeline')
    return adminTimeline(db, id)
  })

  serve(app, adminSessionContracts.state, admin, async (request, { query }) => {
    const { id } = await findSession(request, request.params.code)
    await looked(request, id, `state at version ${query.version}`)
    return stateAt(db, caseViews, id, query.version)
  })

  serve(app, adminSessionContracts.roundSummary, admin, async (request, { params }) => {
    const { id } = await findSession(request, params.code)
    await looked(request, id, `round ${params.round} summary`)
    return roundSummary(db, caseViews, id, params.round)
  })

  serve(app, adminSessionContracts.exportLog, admin, async (request, _checked, reply) => {
    const { id } = await findSession(request, request.params.code)
    await looked(request, id, 'export')
    const log = await sessionLogExport(db, id)
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(log.code)}"`)
      .send(JSON.stringify(log, null, 2))
  })
}
