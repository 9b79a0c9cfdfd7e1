import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor, SessionCommand, SessionState } from '../../schemas/session/types.ts'
import type { SessionDetails } from '../../schemas/session-wire.ts'
import { findCase } from '../content/cases-repo.ts'
import type { Db } from '../db/connect.ts'
import type { SessionRow } from '../db/schema.ts'
import { badRequest, notFound, tooManyRequests } from '../errors.ts'
import type { CommandOutcome, RunOptions } from './command-runner.ts'
import type { SessionEngine } from './engine.ts'
import { activeSessionsOfUser, findSessionByCode } from './queries.ts'
import { normaliseSessionCode } from './session-codes.ts'
import { sessionDetails } from './session-view.ts'

/** What every session route does around the engine: who is asking, which session, and the common answers. */

const SESSION_NOT_FOUND = 'Session not found'

/**
 * Route options for a signed-in call limited to `max` a minute per account (after authentication, so the limit
 * follows the account whatever address it comes from): routes that take a session code, so codes cannot be
 * guessed by trying them.
 */
export function perUserLimit(app: FastifyInstance, rateLimits: boolean, max: number) {
  return {
    preHandler: app.authenticate,
    config: {
      rateLimit: rateLimits
        ? { max, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `session-user-${request.currentUser.id}` }
        : (false as const),
    },
  }
}

export function actorOf(request: FastifyRequest): Actor {
  const user = request.currentUser
  return { userId: user.id, name: user.name, isAdmin: user.role === 'ADMIN' }
}

/** The session a code names (typed in any case, with or without the dash), or a 404 with `message`. */
export type FindSession = (request: FastifyRequest, code: string, message?: string) => Promise<SessionRow>

/** Wrong codes a user may try in a minute, over every route that takes one, before being made to wait. */
const CODE_MISSES_PER_MINUTE = 30

/**
 * Finding a session by code for a signed-in user. Every route that takes a code goes through here, so one
 * count of each user's wrong codes stops someone trying codes on any of them, while a user who has the right
 * code (the role page polls every 2 s) is never slowed down.
 */
export function sessionFinder(app: FastifyInstance, db: Db, rateLimits: boolean): FindSession {
  const misses = rateLimits
    ? app.createRateLimit({ max: CODE_MISSES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `code-miss-${request.currentUser.id}` })
    : null
  return async (request, code, message = SESSION_NOT_FOUND) => {
    const tried = await misses?.(request, { increment: false })
    if (tried && !tried.isAllowed && tried.remaining === 0) {
      throw tooManyRequests(`Too many wrong session codes. Please wait ${tried.ttlInSeconds} seconds and try again.`, tried.ttlInSeconds)
    }
    const normalised = normaliseSessionCode(code)
    const row = normalised ? await findSessionByCode(db, normalised) : undefined
    if (row) return row
    await misses?.(request)
    throw notFound(message)
  }
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

export interface SessionRoutesContext {
  db: Db
  engine: SessionEngine
  findSession: FindSession
}

/** Runs a command on the session the path's code names, as the signed-in user. */
export async function runOnSession(
  { engine, findSession }: SessionRoutesContext,
  request: FastifyRequest,
  code: string,
  command: SessionCommand,
  options: Omit<RunOptions, 'commandId'> = {},
): Promise<CommandOutcome & { row: SessionRow }> {
  const row = await findSession(request, code)
  const outcome = await engine.runner.execute(row.id, command, actorOf(request), { ...options, commandId: commandIdOf(request) })
  return { ...outcome, row }
}

/** The GET shape of a session for one viewer, with the case filtered for their role. */
export async function detailsFor({ db, engine }: SessionRoutesContext, state: SessionState, viewerId: number): Promise<SessionDetails> {
  const [row, fullCase] = await Promise.all([
    findSessionByCode(db, state.code),
    state.caseId === null ? undefined : findCase(db, state.caseId),
  ])
  const isOnline = (userId: number) => engine.live.isOnline(state.code, userId)
  const times = { startedAt: row?.started_at ?? null, endedAt: row?.ended_at ?? null }
  return sessionDetails(state, times, fullCase ?? null, viewerId, isOnline, engine.now())
}

/**
 * Someone who creates or joins a session leaves the other running sessions they are in (WIRE.md section 6),
 * as if they had pressed Exit there. Answers how many they left.
 */
export async function leaveOtherSessions({ db, engine }: SessionRoutesContext, request: FastifyRequest, keepSessionId: number): Promise<number> {
  const actor = actorOf(request)
  let left = 0
  for (const other of await activeSessionsOfUser(db, actor.userId)) {
    if (other.id === keepSessionId) continue
    try {
      const outcome = await engine.runner.execute(other.id, { type: 'Leave', reason: 'JOINED_ANOTHER_SESSION' }, actor)
      if (outcome.events.length > 0) left += 1
    } catch (error) {
      // The new session is already made: a session that could not be left now is left by the next attempt.
      request.log.warn({ err: error, sessionId: other.id }, 'could not leave another session')
    }
  }
  return left
}
