import type { FastifyInstance } from 'fastify'
import type { SetAlarm } from '../../alarm.ts'
import type { CaseBankCache } from '../../content/case-bank-cache.ts'
import type { DatabaseHandle } from '../../db/connect.ts'
import type { PgListener } from '../../db/pg-listener.ts'
import type { LiveHub } from '../../live/live-hub.ts'
import { startBroadcasting, type LiveChannel } from '../fan-out/broadcaster.ts'
import { inProcessBus, type CommitChannel, type SessionBus } from '../cluster/bus.ts'
import { createCommandRunner, type CommandRunner } from './command-runner.ts'
import { clusterPresence, DEFAULT_PRESENCE_TIMING, type PresenceTiming } from '../cluster/cluster-presence.ts'
import { readCommittedBatches } from '../store/commit-reader.ts'
import { leaveWhenOfflineTooLong } from './offline-leaver.ts'
import { NO_OUTSIDE_TERMS, type OutsideTerms } from './outside-terms.ts'
import { postgresBus } from '../cluster/pg-bus.ts'
import { startRoundsWhenEveryoneIsIn } from './round-gatherer.ts'
import { sessionVersions } from '../store/queries.ts'
import { CaseViewCache } from '../store/case-view-cache.ts'
import { SessionLoader } from '../store/session-loader.ts'
import { createSessionTimers } from './timers.ts'

export interface SessionEngine {
  runner: CommandRunner
  loader: SessionLoader
  caseViews: CaseViewCache
  live: LiveChannel
  /** Committed batches, heard on every instance (the board listens for seats taken by code). */
  commits: Pick<CommitChannel, 'subscribe'>
  now: () => number
  /** What the board adds to the sessions' rules (outside-terms.ts). */
  outsideTerms: OutsideTerms
}

export interface SessionEngineOptions {
  database: DatabaseHandle
  /** The instance's LISTEN connection on PostgreSQL, not started yet: the bus hears other instances' commits on it. */
  listener: PgListener | null
  /** What decisions read of the case bank (the cache is the app's: the content routes forget it too). */
  caseBank: CaseBankCache
  /** The live channel: the engine broadcasts on it, follows presence, and passes call signals between instances. */
  live: LiveChannel & Pick<LiveHub, 'deliverSignal' | 'onSignal'>
  /** The clock every decision reads; tests move it forward to expire phases without waiting. */
  now?: () => number
  /** How the phase timers and the offline rule wait (default setTimeout); tests fire them with a manual clock. */
  setAlarm?: SetAlarm
  offlineLimitMs?: number
  /** How often instances stamp their live connections, and when an unstamped one counts as gone. */
  presence?: PresenceTiming
  /** What the board adds to a session's rules (outside-terms.ts); none by default. */
  outsideTerms?: OutsideTerms
}

const DEFAULT_OFFLINE_LIMIT_MS = 10 * 60 * 1000

/**
 * Wires the session engine into the app: the bus (LISTEN/NOTIFY on Postgres, in-process on PGlite), the
 * command runner, the broadcaster to the live channel, the phase timers (re-armed when the app is ready), the
 * offline rule and the start of a waiting round once everyone is in; everything stops when the app closes. Answers the engine the session routes run on.
 */
export async function createSessionEngine(app: FastifyInstance, options: SessionEngineOptions): Promise<SessionEngine> {
  const { database } = options
  const { db } = database
  const now = options.now ?? Date.now
  const log = app.log
  const loader = new SessionLoader(db)
  const caseViews = new CaseViewCache(db)

  const bus: SessionBus = options.listener
    ? postgresBus({
        listener: options.listener,
        log,
        readCommits: (sessionId, from, to, before) => readCommittedBatches(db, loader, sessionId, { from, to, before }),
        readVersions: (sessionIds) => sessionVersions(db, sessionIds),
      })
    : inProcessBus((error) => log.error({ err: error }, 'session bus listener failed'))

  // Signals accepted here go to the other instances; theirs reach this instance's connections.
  const stopSharingSignals = options.live.onSignal((signal) => bus.signals.share(signal))
  const stopHearingSignals = bus.signals.onRemote((signal) => options.live.deliverSignal(signal))
  const live = clusterPresence({ live: options.live, presence: bus.presence, db: database.pool ? db : null, log, ...(options.presence ?? DEFAULT_PRESENCE_TIMING) })
  const runner = createCommandRunner({ db, commits: bus.commits, loader, now, caseBank: options.caseBank, inRoom: live.isOnline })
  const timers = createSessionTimers({ db, commits: bus.commits, runner, loader, now, setAlarm: options.setAlarm, log })
  const stopBroadcasting = startBroadcasting({ commits: bus.commits, live, loader, caseViews, now, log })
  const outsideTerms = options.outsideTerms ?? NO_OUTSIDE_TERMS
  const stopOfflineRule = leaveWhenOfflineTooLong({
    live,
    db,
    heldUntilLater: outsideTerms.heldUntilLater,
    runner,
    loader,
    offlineLimitMs: options.offlineLimitMs ?? DEFAULT_OFFLINE_LIMIT_MS,
    now,
    setAlarm: options.setAlarm,
    log,
  })

  const stopRoundStarts = startRoundsWhenEveryoneIsIn({ live, runner, loader, log })

  app.addHook('onReady', () => live.start())
  app.addHook('onReady', () => timers.rearmAll())
  app.addHook('onClose', async () => {
    // Nothing started by a timer or a live event may still be using the database when it closes.
    await Promise.all([timers.close(), stopOfflineRule(), stopRoundStarts(), stopBroadcasting()])
    await live.close()
    stopSharingSignals()
    stopHearingSignals()
    await bus.close()
  })

  return { runner, loader, caseViews, live, commits: bus.commits, now, outsideTerms }
}
