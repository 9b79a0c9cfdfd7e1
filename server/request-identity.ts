import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../schemas/session/types.ts'
import { badRequest } from './errors.ts'

/** Who is asking, and with which command id, for any route of a signed-in user (sessions, the board). */

/**
 * Route options for a signed-in call limited to `max` a minute per account (after authentication, so the limit
 * follows the account whatever address it comes from): routes that take a session code, so codes cannot be
 * guessed by trying them, and the board's writes.
 */
export function perUserLimit(app: FastifyInstance, { rateLimits }: { rateLimits: boolean }, max: number) {
  return {
    preHandler: app.authenticate,
    config: {
      rateLimit: rateLimits
        ? { max, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `session-user-${request.currentUser.id}` }
        : (false as const),
    },
  }
}

/** The signed-in user as the session rules name the one who acts. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.currentUser
  return { userId: user.id, name: user.name, isAdmin: user.role === 'ADMIN' }
}

const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/

/** The optional Idempotency-Key header, scoped to the user so two users' keys can never collide. */
export function commandIdOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key']
  if (key === undefined) return undefined
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 1-100 letters, digits, dots, colons, dashes or underscores')
  }
  return `user-${request.currentUser.id}:${key}`
}

