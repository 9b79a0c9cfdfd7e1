import type { FastifyInstance } from 'fastify'
import { rtcContracts } from '../../schemas/api/rtc.ts'
import type { RtcSettings } from '../config.ts'
import type { Db } from '../db/connect.ts'
import { forbidden } from '../errors.ts'
import { inRunningSession } from '../sessions/store/queries.ts'
import { serve } from '../route-contract.ts'
import { rtcConfigFor } from './turn-credentials.ts'

export const NOT_IN_A_SESSION = 'Call settings are only for the participants of a running session'

/**
 * GET /api/rtc/config[?session=CODE]: the ICE servers the call of a session's participant uses. TURN credentials
 * are per user and short-lived, never cached by anyone in between, and only for someone in the running session
 * the code names (or, without one, in any running session): a relay costs bandwidth, so it is not for anyone
 * signed in (issue 30). Without settings the list is empty (host candidates only).
 */
export async function rtcRoutes(app: FastifyInstance, options: { db: Db; settings: RtcSettings; now: () => number }) {
  serve(app, rtcContracts.config, { preHandler: app.authenticate }, async (request, { query }, reply) => {
    if (!(await inRunningSession(options.db, request.currentUser.id, query.session))) throw forbidden(NOT_IN_A_SESSION)
    reply.header('cache-control', 'no-store')
    return rtcConfigFor(options.settings, request.currentUser.id, options.now())
  })
}
