import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connect.ts'
import type { PgListener } from '../../db/pg-listener.ts'
import { notFound, tooManyRequests } from '../../errors.ts'
import { normaliseSessionCode } from '../engine/session-codes.ts'
import { spentCounters } from '../../rate-limit-store.ts'

/** Announced as `<user id>:<milliseconds until the window ends>` when a user's wrong codes reach the limit. */
export const CODE_BUDGET_SPENT_CHANNEL = 'code_budget_spent'

/** Wrong codes a user may try in a minute, over every route that takes one, before being made to wait. */
export const CODE_MISSES_PER_MINUTE = 30
const WINDOW_MS = 60_000
/** The counter's key in the store (createRateLimit's keys carry no route prefix). */
export const CODE_MISS_KEY_PREFIX = 'code-miss-'

export interface CodeMissLimit {
  /** Refuses (429, with the seconds left) a user whose wrong codes have used up the minute's budget. */
  check(request: FastifyRequest): Promise<void>
  /** Counts a wrong code; refuses one tried once the budget was already used up. */
  miss(request: FastifyRequest): Promise<void>
}

/**
 * A session looked up by a typed code, on a route that counts wrong codes: `find` gives what the normalised code
 * names for this caller, or undefined; undefined is a wrong code, counted, answered "Session not found" (or
 * `message`). The session routes and the board's host routes both look up this way, so one count covers both.
 */
export async function lookUpCounted<T>(
  misses: CodeMissLimit | null,
  request: FastifyRequest,
  typed: string,
  find: (code: string) => Promise<T | undefined>,
  message = 'Session not found',
): Promise<T> {
  await misses?.check(request)
  const code = normaliseSessionCode(typed)
  const found = code ? await find(code) : undefined
  if (found !== undefined) return found
  await misses?.miss(request)
  throw notFound(message)
}

export interface CodeMissLimitOptions {
  /** The instance's LISTEN connection on PostgreSQL, not started yet; none on the embedded database. */
  listener: PgListener | null
  db: Db
  /** The sessions' clock, which tests move on. */
  now: () => number
}

const refuse = (seconds: number) => tooManyRequests(`Too many wrong session codes. Please wait ${seconds} seconds and try again.`, seconds)

/**
 * The wrong-code budget, counted in the rate-limit store (shared by every instance on PostgreSQL) but checked in
 * memory: only a user who used it up is refused, and whichever instance's count reaches the limit tells every
 * instance (a NOTIFY), which holds the refusal until the window ends. So a right code costs no round trip. While
 * a notice could go unheard (the LISTEN connection is down) the store is read as before; when it is back, the
 * budgets spent meanwhile are read once. On the embedded database every count is this process's own.
 */
export function codeMissLimit(app: FastifyInstance, { listener, db, now }: CodeMissLimitOptions): CodeMissLimit {
  const limit = app.createRateLimit({ max: CODE_MISSES_PER_MINUTE, timeWindow: WINDOW_MS, keyGenerator: (request) => CODE_MISS_KEY_PREFIX + request.currentUser.id })
  /** Users refused until then, on the sessions' clock. */
  const spentUntil = new Map<number, number>()
  let trusted = listener === null
  /** Bumped by every loss: a catch-up that began before one must not trust the connection. */
  let losses = 0

  const remember = (userId: number, ttlMs: number) => {
    const at = now()
    for (const [id, until] of spentUntil) if (until <= at) spentUntil.delete(id)
    const until = at + Math.min(ttlMs, WINDOW_MS)
    if (until > (spentUntil.get(userId) ?? 0)) spentUntil.set(userId, until)
  }

  const unlisten = listener?.subscribe({
    channels: [CODE_BUDGET_SPENT_CHANNEL],
    onNotification(_channel, payload) {
      const [userId, ttlMs] = payload.split(':').map(Number)
      // Anyone may NOTIFY: what is not ours is ignored.
      if (Number.isSafeInteger(userId) && Number.isFinite(ttlMs) && ttlMs > 0) remember(userId, ttlMs)
    },
    async onListening() {
      const began = losses
      for (const { key, ttlMs } of await spentCounters(db, CODE_MISS_KEY_PREFIX, CODE_MISSES_PER_MINUTE)) {
        remember(Number(key.slice(CODE_MISS_KEY_PREFIX.length)), ttlMs)
      }
      if (began === losses) trusted = true
    },
    onLost() {
      losses += 1
      trusted = false
    },
  })
  if (unlisten) app.addHook('onClose', async () => unlisten())

  return {
    async check(request) {
      const until = spentUntil.get(request.currentUser.id)
      const at = now()
      if (until !== undefined && until > at) throw refuse(Math.ceil((until - at) / 1000))
      if (trusted) return
      // A budget used up on another instance may have gone unheard: the shared count decides (fail safe).
      const tried = await limit(request, { increment: false })
      if (!tried.isAllowed && tried.remaining === 0) throw refuse(tried.ttlInSeconds)
    },
    async miss(request) {
      const counted = await limit(request)
      if (counted.isAllowed || counted.remaining > 0) return
      const userId = request.currentUser.id
      remember(userId, counted.ttl)
      // Also past the limit: an instance that counts past it may be the first to hear of it (a notice was lost).
      await listener?.notify(CODE_BUDGET_SPENT_CHANNEL, `${userId}:${counted.ttl}`).catch((error) => request.log.warn({ err: error }, 'could not announce a spent code budget'))
      // Refused before this code was tried (on an instance that had not heard yet): the same answer as here.
      if (counted.isExceeded) throw refuse(counted.ttlInSeconds)
    },
  }
}
