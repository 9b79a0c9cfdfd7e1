import type { SessionState } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import type { SessionBus } from './bus.ts'
import { SYSTEM_ACTOR, type CommandRunner } from './command-runner.ts'
import { sessionsWithDeadlines } from './queries.ts'
import type { SessionLoader } from './session-loader.ts'

export interface SessionTimers {
  /** Arms (or clears) the one timeout of a session from its state: called after every command. */
  arm(state: SessionState): void
  /** Arms every running session's deadline from the read model: at start-up, so a restart loses no timer. */
  rearmAll(): Promise<void>
  close(): void
}

export interface SessionTimersOptions {
  db: Db
  bus: SessionBus
  runner: CommandRunner
  loader: SessionLoader
  now: () => number
  log: { error(object: unknown, message: string): void }
}

const RETRY_AFTER_FAILURE_MS = 5_000
// setTimeout fires at once beyond this (about 24.8 days); phases last minutes, but a clock jump must not spin.
const MAX_DELAY_MS = 2 ** 31 - 1

/**
 * A phase's deadline is data in the log (DESIGN.md, timers): each instance keeps one timeout per running session
 * and, when it fires, issues ExpireTimer for exactly that clock. The command names the clock and carries a
 * command id derived from it, so when two instances (or a skip and the clock) race, one append wins and the
 * other is a no-op.
 */
export function createSessionTimers(options: SessionTimersOptions): SessionTimers {
  const { db, bus, runner, loader, now, log } = options
  const timeouts = new Map<number, NodeJS.Timeout>()
  let closed = false

  const clear = (sessionId: number) => {
    clearTimeout(timeouts.get(sessionId))
    timeouts.delete(sessionId)
  }

  const arm = (state: SessionState) => {
    clear(state.sessionId)
    const { timer } = state
    if (closed || !timer || state.status === 'COMPLETED' || state.status === 'CANCELLED') return
    const delay = Math.min(Math.max(0, timer.startTimestamp + timer.durationSeconds * 1000 - now()), MAX_DELAY_MS)
    timeouts.set(state.sessionId, setTimeout(() => void expire(state), delay))
  }

  const expire = async (state: SessionState) => {
    timeouts.delete(state.sessionId)
    const { phase, startTimestamp } = state.timer!
    try {
      const outcome = await runner.execute(state.sessionId, { type: 'ExpireTimer', phase, startTimestamp }, SYSTEM_ACTOR, {
        commandId: `expire:${phase}:${startTimestamp}`,
      })
      // Nothing stored: the clock was already handled elsewhere, or this machine's clock is a little early.
      if (outcome.events.length === 0) arm(outcome.state)
    } catch (error) {
      log.error({ err: error, sessionId: state.sessionId }, 'phase timer expiry failed; retrying')
      if (!closed && !timeouts.has(state.sessionId)) {
        timeouts.set(state.sessionId, setTimeout(() => void expire(state), RETRY_AFTER_FAILURE_MS))
      }
    }
  }

  const unsubscribe = bus.subscribe((batch) => arm(batch.state))

  return {
    arm,
    async rearmAll() {
      for (const row of await sessionsWithDeadlines(db)) {
        const state = await loader.load(row.id)
        if (state) arm(state)
      }
    },
    close() {
      closed = true
      unsubscribe()
      for (const timeout of timeouts.values()) clearTimeout(timeout)
      timeouts.clear()
    },
  }
}
