import { sql } from 'kysely'
import { realAlarm, type SetAlarm } from '../../alarm.ts'
import type { Db } from '../../db/connect.ts'
import { InFlight } from '../../in-flight.ts'
import type { LiveChannel } from '../fan-out/broadcaster.ts'
import type { CommandRunner } from './command-runner.ts'
import type { OutsideTerms } from './outside-terms.ts'
import type { SessionLoader } from '../store/session-loader.ts'

export interface OfflineLeaverOptions {
  live: LiveChannel
  db: Db
  /** Whether a session's room is held until later (a planned slot, issue 20). */
  heldUntilLater: OutsideTerms['heldUntilLater']
  runner: CommandRunner
  loader: SessionLoader
  /** How long a participant may stay disconnected before they are taken out of the room (WIRE.md section 0). */
  offlineLimitMs: number
  /** The app's clock, which decides when a planned slot's time has come (as Start does). */
  now: () => number
  setAlarm?: SetAlarm
  log: { error(object: unknown, message: string): void }
}

/**
 * Nobody is removed for being quiet, only for being gone: a participant whose live connections have all been
 * closed for the limit leaves with reason OFFLINE_TOO_LONG, so a room is not held by someone who closed the tab.
 * The countdown lives in this process only: after a restart, a participant who never reconnects stays until
 * someone else leaves or the session ends.
 */
export function leaveWhenOfflineTooLong(options: OfflineLeaverOptions): () => Promise<void> {
  const { live, db, runner, loader, offlineLimitMs, now, log, setAlarm = realAlarm, heldUntilLater } = options
  const pending = new Map<string, () => void>()
  const removals = new InFlight()
  const keyOf = (sessionCode: string, userId: number) => `${sessionCode}/${userId}`

  const takeOut = async (sessionCode: string, userId: number) => {
    pending.delete(keyOf(sessionCode, userId))
    if (live.isOnline(sessionCode, userId)) return
    const sessionId = await loader.idByCode(sessionCode)
    const state = sessionId === undefined ? null : await loader.load(sessionId)
    const participant = state?.participants.find((p) => p.active && p.userId === userId)
    if (sessionId === undefined || !participant) return
    // Someone who looked into a planned slot's room days ahead keeps their seat until it opens.
    const { rows } = await sql<{ held: boolean }>`select ${heldUntilLater(sessionId, now())} as held`.execute(db)
    if (rows[0].held) return
    await runner.execute(sessionId, { type: 'Leave', reason: 'OFFLINE_TOO_LONG' }, { userId, name: participant.name, isAdmin: false })
  }

  const unsubscribe = live.onPresence(({ sessionCode, userId, online }) => {
    const key = keyOf(sessionCode, userId)
    pending.get(key)?.()
    pending.delete(key)
    if (online) return
    const takeOutLogged = () =>
      removals.track(() => takeOut(sessionCode, userId)).catch((error) => log.error({ err: error, sessionCode, userId }, 'could not remove an offline participant'))
    pending.set(key, setAlarm(takeOutLogged, offlineLimitMs))
  })

  return async () => {
    unsubscribe()
    for (const cancel of pending.values()) cancel()
    pending.clear()
    await removals.settled()
  }
}
