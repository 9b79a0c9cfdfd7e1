import { deadlineOf } from '../../../schemas/session/clock.ts'
import { hasEnded } from '../../../schemas/session/participants.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import { realAlarm, type SetAlarm } from '../../alarm.ts'
import type { Db } from '../../db/connect.ts'
import { InFlight } from '../../in-flight.ts'
import type { CommitChannel } from '../cluster/bus.ts'
import { SYSTEM_ACTOR, type CommandRunner } from './command-runner.ts'
import { sessionsWithDeadlines } from '../store/queries.ts'
import type { SessionLoader } from '../store/session-loader.ts'

export interface SessionTimers {
  /** Arms every running session's deadline from the read model: at start-up, so a restart loses no timer. */
  rearmAll(): Promise<void>
  /** Arms nothing more, and settles once the expiries under way have finished. */
  close(): Promise<void>
}

export interface SessionTimersOptions {
  db: Db
  commits: Pick<CommitChannel, 'subscribe'>
  runner: CommandRunner
  loader: SessionLoader
  now: () => number
  setAlarm?: SetAlarm
  log: { error(object: unknown, message: string): void }
}

export const RETRY_AFTER_FAILURE_MS = 5_000

/**
 * A phase's deadline is data in the log (DESIGN.md, timers): each instance keeps one timeout per running session
 * and, when it fires, issues ExpireTimer for exactly that clock. The command names the clock and carries a
 * command id derived from it, so when two instances (or a skip and the clock) race, one append wins and the
 * other is a no-op.
 */
export function createSessionTimers(options: SessionTimersOptions): SessionTimers {
  const { db, commits, runner, loader, now, log, setAlarm = realAlarm } = options
  const cancels = new Map<number, () => void>()
  const expiries = new InFlight()
  let closed = false

  const clear = (sessionId: number) => {
    cancels.get(sessionId)?.()
    cancels.delete(sessionId)
  }

  const arm = (state: SessionState) => {
    clear(state.sessionId)
    const { timer } = state
    if (closed || !timer || hasEnded(state)) return
    const delay = Math.max(0, deadlineOf(timer) - now())
    cancels.set(state.sessionId, setAlarm(() => expiries.track(() => expire(state)), delay))
  }

  const expire = async (state: SessionState) => {
    cancels.delete(state.sessionId)
    const { phase, startTimestamp } = state.timer!
    try {
      const outcome = await runner.execute(state.sessionId, { type: 'ExpireTimer', phase, startTimestamp }, SYSTEM_ACTOR, {
        commandId: `expire:${phase}:${startTimestamp}`,
      })
      // Nothing stored: the clock was already handled elsewhere, or this machine's clock is a little early.
      if (outcome.events.length === 0) arm(outcome.state)
    } catch (error) {
      log.error({ err: error, sessionId: state.sessionId }, 'phase timer expiry failed; retrying')
      if (!closed && !cancels.has(state.sessionId)) {
        cancels.set(state.sessionId, setAlarm(() => expiries.track(() => expire(state)), RETRY_AFTER_FAILURE_MS))
      }
    }
  }

  const unsubscribe = commits.subscribe((batch) => arm(batch.state))

  return {
    async rearmAll() {
      for (const row of await sessionsWithDeadlines(db)) {
        const state = await loader.load(row.id)
        if (state) arm(state)
      }
    },
    async close() {
      closed = true
      unsubscribe()
      for (const cancel of cancels.values()) cancel()
      cancels.clear()
      await expiries.settled()
    },
  }
}
