import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from './db/connect.ts'

type Counted = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counted) => void

/** What @fastify/rate-limit passes a store: the merged options, with the route they are for (none for createRateLimit). */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string }
}

const PRUNE_EVERY_MS = 10 * 60_000

/** A counter row as the plugin reads it: hits so far, and milliseconds until its window ends. */
const counted = (row: { hits: number; ttl_ms: number }): Counted => ({ current: row.hits, ttl: Math.max(0, Math.round(Number(row.ttl_ms))) })

/**
 * Rate-limit counters in PostgreSQL, so that every server instance spends one budget: with the in-memory store,
 * each instance behind a load balancer granted the full budget again (issue 13). One upsert per hit counts and
 * opens a new window atomically, on the database's clock. Each route counts apart (keys are prefixed with the
 * route, as the plugin's Redis store does). The embedded database runs in one process and keeps the plugin's
 * in-memory store. Expired counters are pruned every 10 minutes.
 */
export function sharedRateLimitStore(app: FastifyInstance, db: Db): FastifyRateLimitStoreCtor {
  const prune = setInterval(() => {
    sql`delete from rate_limit_hits where window_ends_at < now()`.execute(db).catch((error) => app.log.warn({ err: error }, 'could not prune rate limits'))
  }, PRUNE_EVERY_MS).unref()
  app.addHook('onClose', () => clearInterval(prune))

  // The plugin's types leave out `routeInfo`, which it does pass (the Redis store reads it too).
  return class PostgresRateLimitStore {
    private readonly prefix: string

    constructor(params: StoreParams) {
      const route = params.routeInfo
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : ''
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limit_hits as counter (key, hits, window_ends_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when counter.window_ends_at <= now() then 1 else counter.hits + 1 end,
          window_ends_at = case when counter.window_ends_at <= now() then excluded.window_ends_at else counter.window_ends_at end
        returning hits, extract(epoch from window_ends_at - now()) * 1000 as ttl_ms`
        .execute(db)
        .then(({ rows }) => callback(null, counted(rows[0])))
        .catch((error: Error) => callback(error))
    }

    /** The count without adding a hit (the plugin's `increment: false`). */
    read(key: string, callback: Callback) {
      sql<{ hits: number; ttl_ms: number }>`
        select hits, extract(epoch from window_ends_at - now()) * 1000 as ttl_ms
        from rate_limit_hits where key = ${this.prefix + key} and window_ends_at > now()`
        .execute(db)
        .then(({ rows }) => callback(null, rows[0] ? counted(rows[0]) : { current: 0, ttl: 0 }))
        .catch((error: Error) => callback(error))
    }

    child(params: StoreParams) {
      return new PostgresRateLimitStore(params)
    }
  } as unknown as FastifyRateLimitStoreCtor
}

/**
 * The counters whose keys start with `keyPrefix` and that reached `max` in a window still running, with the
 * milliseconds left: what an instance that may have missed their notices (code-miss-limit.ts) reads once.
 */
export async function spentCounters(db: Db, keyPrefix: string, max: number): Promise<{ key: string; ttlMs: number }[]> {
  const { rows } = await sql<{ key: string; hits: number; ttl_ms: number }>`
    select key, hits, extract(epoch from window_ends_at - now()) * 1000 as ttl_ms
    from rate_limit_hits where starts_with(key, ${keyPrefix}) and hits >= ${max} and window_ends_at > now()`.execute(db)
  return rows.map((row) => ({ key: row.key, ttlMs: counted(row).ttl }))
}
