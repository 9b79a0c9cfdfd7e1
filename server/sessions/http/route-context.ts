import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionCommand, SessionState } from '../../../schemas/session/types.ts'
import type { SessionDetails } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { actorOf, commandIdOf } from '../../request-identity.ts'
import { lookUpCounted, type CodeMissLimit } from './code-miss-limit.ts'
import type { CommandOutcome, RunOptions } from '../engine/command-runner.ts'
import type { SessionEngine } from '../engine/engine.ts'
import { sessionsToLeave } from '../store/latest-joins.ts'
import type { CaseViewCache } from '../store/case-view-cache.ts'
import type { SessionLoader } from '../store/session-loader.ts'
import { sessionDetails, type SessionTimes } from '../fan-out/session-view.ts'

/** What every session route does around the engine: who is asking, which session, and the common answers. */

/** When the request arrived, on the sessions' clock (which tests move on). */
export const sentAt = (engine: SessionEngine, reply: FastifyReply) => engine.now() - reply.elapsedTime

/** The id of the session a code names (typed in any case, with or without the dash), or a 404 with `message`. */
export type FindSession = (request: FastifyRequest, code: string, message?: string) => Promise<{ id: number }>

/** Whether the user, holding no seat in the session, is kept out of it (keptOutOfSession of store/queries.ts). */
export type KeptOut = (sessionId: number, userId: number) => Promise<boolean>

/**
 * Finding a session by code for a signed-in user. Every route that takes a code goes through here, so one
 * count of each user's wrong codes (`misses`, when rate limits are on) stops someone trying codes on any of them,
 * while a user who has the right code (the role page polls every 2 s) is never slowed down. A session the user is
 * kept out of (`keptOut`: a block with someone in it, issue 36) is a wrong code to them, counted as one, so no
 * answer tells them of the block; one they hold a seat in (known from the cached state) costs no look-up.
 */
export function sessionFinder(loader: SessionLoader, misses: CodeMissLimit | null, keptOut?: KeptOut): FindSession {
  // Admins are never kept out: they unstick rooms (the room's admin controls come through here too), and a
  // candidate's block must not lock them out.
  const hidden = async (sessionId: number, { id: userId, role }: FastifyRequest['currentUser']) =>
    keptOut !== undefined &&
    role !== 'ADMIN' &&
    !loader.cached(sessionId)?.participants.some((p) => p.userId === userId) &&
    (await keptOut(sessionId, userId))
  return (request, typed, message) =>
    lookUpCounted(
      misses,
      request,
      typed,
      async (code) => {
        const id = await loader.idByCode(code)
        return id !== undefined && !(await hidden(id, request.currentUser)) ? { id } : undefined
      },
      message,
    )
}

/** What the session route plugins (routes.ts, query-routes.ts) share: finders with one count, so wrong codes count once. */
export interface SessionRoutesContext {
  db: Db
  engine: SessionEngine
  rateLimits: boolean
  /** A candidate's look-up by code: a session they are kept out of is not found. */
  findSession: FindSession
  /** The maintainers' look-up (admin routes): every session, whoever is in it. */
  findAnySession: FindSession
  caseViews: CaseViewCache
}

/** Runs a command on the session the path's code names, as the signed-in user. */
export async function runOnSession(
  { engine, findSession }: SessionRoutesContext,
  request: FastifyRequest,
  code: string,
  command: SessionCommand,
  options: Omit<RunOptions, 'commandId'> = {},
): Promise<CommandOutcome & { row: { id: number } }> {
  const row = await findSession(request, code)
  const outcome = await engine.runner.execute(row.id, command, actorOf(request), { ...options, commandId: commandIdOf(request) })
  return { ...outcome, row }
}

const timesOf = (db: Db, sessionId: number) =>
  db.selectFrom('sessions').select(['started_at as startedAt', 'ended_at as endedAt']).where('id', '=', sessionId).executeTakeFirst()

/** What a read of a session knows beside its state: its times. */
export interface ShownExtras {
  times: SessionTimes
}

/**
 * A session's state with its times, for a read: one statement when the cached state is as
 * new as the read model's version (the two are written by one statement), the log's newer events otherwise.
 */
export async function sessionToShow({ db, engine }: SessionRoutesContext, sessionId: number) {
  const row = await db
    .selectFrom('sessions')
    .select(['sessions.version', 'sessions.started_at as startedAt', 'sessions.ended_at as endedAt'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst()
  const cached = engine.loader.cached(sessionId)
  const state = row && cached?.version === row.version ? cached : await engine.loader.load(sessionId)
  if (!state) return null
  const extras: ShownExtras = { times: { startedAt: row?.startedAt ?? null, endedAt: row?.endedAt ?? null } }
  return { state, extras }
}

/** The GET shape of a session for one viewer, with the case filtered for their role. */
export async function detailsFor(context: SessionRoutesContext, state: SessionState, viewerId: number, known?: ShownExtras): Promise<SessionDetails> {
  const { db, engine, caseViews } = context
  const [times, fullCase] = await Promise.all([
    known?.times ?? timesOf(db, state.sessionId).then((row) => ({ startedAt: row?.startedAt ?? null, endedAt: row?.endedAt ?? null })),
    caseViews.ofState(state),
  ])
  const isOnline = (userId: number) => engine.live.isOnline(state.code, userId)
  return sessionDetails(state, times, fullCase ?? null, viewerId, isOnline, engine.now())
}

/**
 * Someone who creates or joins a session leaves the other running sessions they are in (WIRE.md section 6),
 * as if they had pressed Exit there; of a user's concurrent creates and joins, only the latest does
 * (latest-joins.ts). Answers how many they left.
 */
export async function leaveOtherSessions({ db, engine }: Pick<SessionRoutesContext, 'db' | 'engine'>, request: FastifyRequest, keepSessionId: number): Promise<number> {
  const actor = actorOf(request)
  let left = 0
  for (const otherId of await sessionsToLeave(db, actor.userId, keepSessionId, engine.now(), engine.outsideTerms.heldUntilLater)) {
    try {
      const outcome = await engine.runner.execute(otherId, { type: 'Leave', reason: 'JOINED_ANOTHER_SESSION' }, actor)
      if (outcome.events.length > 0) left += 1
    } catch (error) {
      // The new session is already made: a session that could not be left now is left by the next attempt.
      request.log.warn({ err: error, sessionId: otherId }, 'could not leave another session')
    }
  }
  return left
}
