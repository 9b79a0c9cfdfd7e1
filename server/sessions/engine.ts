import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/connect.ts'
import { startBroadcasting, type LiveChannel } from './broadcaster.ts'
import { inProcessBus, type SessionBus } from './bus.ts'
import { createCommandRunner, type CommandRunner } from './command-runner.ts'
import { clusterPresence } from './cluster-presence.ts'
import { readStream } from './event-store.ts'
import { leaveWhenOfflineTooLong } from './offline-leaver.ts'
import { postgresBus } from './pg-bus.ts'
import { SessionLoader, toCommittedEvent } from './session-loader.ts'
import { createSessionTimers, type SessionTimers } from './timers.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The session engine: commands, loading, timers (server/sessions/engine.ts). */
    sessions: SessionEngine
  }
}

export interface SessionEngine {
  runner: CommandRunner
  loader: SessionLoader
  timers: SessionTimers
  live: LiveChannel
  now: () => number
}

export interface SessionEngineOptions {
  database: DatabaseHandle
  live: LiveChannel
  /** The clock every decision reads; tests move it forward to expire phases without waiting. */
  now?: () => number
  offlineLimitMs?: number
}

const DEFAULT_OFFLINE_LIMIT_MS = 10 * 60 * 1000

/**
 * Wires the session engine into the app: the bus (LISTEN/NOTIFY on Postgres, in-process on PGlite), the
 * command runner, the broadcaster to the live channel, the phase timers (re-armed when the app is ready) and
 * the offline rule; everything stops when the app closes. Decorates `app.sessions` for the routes.
 */
export async function createSessionEngine(app: FastifyInstance, options: SessionEngineOptions): Promise<SessionEngine> {
  const { database } = options
  const { db } = database
  const now = options.now ?? Date.now
  const log = app.log
  const loader = new SessionLoader(db)

  const bus: SessionBus = database.pool
    ? await postgresBus({
        pool: database.pool,
        log,
        loadBatch: async (sessionId, fromVersion, toVersion) => {
          const events = await readStream(db, sessionId, { from: fromVersion, to: toVersion })
          const state = await loader.loadAt(sessionId, toVersion)
          return state && events.length > 0 ? { sessionId, events: events.map(toCommittedEvent), state } : null
        },
      })
    : inProcessBus((error) => log.error({ err: error }, 'session bus listener failed'))

  const live = clusterPresence(options.live, bus)
  const runner = createCommandRunner({ db, bus, loader, now })
  const timers = createSessionTimers({ db, bus, runner, loader, now, log })
  const stopBroadcasting = startBroadcasting({ bus, live, db, loader, now, log })
  const stopOfflineRule = leaveWhenOfflineTooLong({
    live,
    db,
    runner,
    loader,
    offlineLimitMs: options.offlineLimitMs ?? DEFAULT_OFFLINE_LIMIT_MS,
    log,
  })

  app.addHook('onReady', () => timers.rearmAll())
  app.addHook('onClose', async () => {
    timers.close()
    stopOfflineRule()
    stopBroadcasting()
    live.close()
    await bus.close()
  })

  const engine: SessionEngine = { runner, loader, timers, live, now }
  app.decorate('sessions', engine)
  return engine
}
