import type { FastifyInstance } from 'fastify'
import type { RtcConfig } from '../../schemas/rtc.ts'
import type { RtcSettings } from '../config.ts'
import { rtcConfigFor } from './turn-credentials.ts'

/**
 * GET /api/rtc/config: the ICE servers a signed-in user's call uses. TURN credentials are per user and short-lived,
 * never cached by anyone in between; without settings the list is empty (host candidates only).
 */
export async function rtcRoutes(app: FastifyInstance, options: { settings: RtcSettings; now: () => number }) {
  app.get('/rtc/config', { preHandler: app.authenticate }, async (request, reply): Promise<RtcConfig> => {
    reply.header('cache-control', 'no-store')
    return rtcConfigFor(options.settings, request.currentUser.id, options.now())
  })
}
