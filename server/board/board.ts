import type { FastifyInstance } from 'fastify'
import type { Mailer } from '../accounts/mailer.ts'
import type { SetAlarm } from '../alarm.ts'
import type { DatabaseHandle } from '../db/connect.ts'
import type { PgListener } from '../db/pg-listener.ts'
import type { LiveHub } from '../live/live-hub.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import type { CodeMissLimit } from '../sessions/http/code-miss-limit.ts'
import { createBoardJobs } from './board-jobs.ts'
import { createBoardNotifier } from './board-notifier.ts'
import { boardRoutes } from './board-routes.ts'
import { boardSlots } from './board-slots.ts'
import { findListing } from './listings-repo.ts'
import { partnerProfileRoutes } from './partner-profile-routes.ts'
import { seatLock } from './seat-lock.ts'
import { recordArrival } from '../partners/attendance.ts'
import { proposalRoutes } from '../partners/proposal-routes.ts'

export interface BoardOptions {
  database: DatabaseHandle
  /** The instance's LISTEN connection on PostgreSQL, not started yet. */
  listener: PgListener | null
  /** The count of each user's wrong session codes (null without rate limits): the board's look-ups by code add to it. */
  codeMisses: CodeMissLimit | null
  engine: SessionEngine
  live: Pick<LiveHub, 'publish' | 'publishToBoard' | 'onPresence'>
  mailer: Mailer
  /** MAIL_FROM, whose address organizes the planned slots' calendar events. */
  mailFrom: string
  publicUrl: string
  rateLimits: boolean
  setAlarm?: SetAlarm
}

/**
 * Find Partners (issue 20) wired into the /api scope: the board's routes, its live notices, and the planned
 * slots' jobs, woken when the app is ready (so a restart picks up what was due) and stopped when it closes.
 */
export async function registerBoard(api: FastifyInstance, options: BoardOptions) {
  const { database, engine, mailer } = options
  const { db } = database
  const log = api.log
  const notifier = createBoardNotifier({ db, live: options.live, commits: engine.commits, listener: options.listener, log })
  const slots = boardSlots({ db, engine, mailer, notifier, lock: seatLock(database.pool), publicUrl: options.publicUrl, mailFrom: options.mailFrom, log, isOnline: (code, userId) => engine.live.isOnline(code, userId) })
  const jobs = createBoardJobs({ db, now: engine.now, setAlarm: options.setAlarm, log, run: slots.runJob })

  // Attendance of planned sessions: each instance stamps the arrivals in its own rooms (issue 36).
  const stopArrivals = options.live.onPresence(({ sessionCode, userId, online }) => {
    if (online) recordArrival(db, sessionCode, userId, engine.now()).catch((error) => log.error({ err: error }, 'could not stamp an arrival'))
  })
  api.addHook('onReady', () => jobs.wake())
  api.addHook('onClose', async () => {
    stopArrivals()
    await jobs.close()
    await notifier.close()
  })
  await api.register(boardRoutes, { db, engine, slots, jobs, notifier, codeMisses: options.codeMisses, rateLimits: options.rateLimits })
  await api.register(partnerProfileRoutes, { db, notifier, rateLimits: options.rateLimits })
  // Agreed times (issue 36) become planned sessions through the board's own slots and jobs.
  await api.register(proposalRoutes, { db, engine, slots, jobs, notifier, log, mailer, publicUrl: options.publicUrl, rateLimits: options.rateLimits })
  return {
    // A suspended host's listings end as if the host had cancelled them (issue 36: server/admin/suspension.ts):
    // the board's own cancel, so seat holders get the same mail and the slot's session ends. Handed back to
    // app.ts rather than decorated, so the admin area sees this one act and nothing else of the board.
    async cancelListingsOf(hostUserId: number) {
      const open = await db.selectFrom('board_listings').select('id').where('host_user_id', '=', hostUserId).where('status', '=', 'OPEN').execute()
      for (const { id } of open) {
        const row = await findListing(db, id)
        if (row) await slots.cancel(row)
      }
    },
  }
}

export type BoardHostActions = Awaited<ReturnType<typeof registerBoard>>
