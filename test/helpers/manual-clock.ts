import type { SetAlarm } from '../../server/alarm.ts'

export const HOUR = 3_600_000

/**
 * A clock that stands still until the test moves it on: `now` for the sessions' decisions, `setAlarm` for the
 * phase timers. Moving it on fires every alarm that has come due and waits for what they do, so a test can
 * assert right after, without sleeping, both what happened and what did not.
 */
export function manualClock(start = Date.now()) {
  let now = start
  let nextId = 0
  const alarms = new Map<number, { at: number; callback: () => Promise<void> | void }>()

  const setAlarm: SetAlarm = (callback, delayMs) => {
    const id = nextId++
    alarms.set(id, { at: now + delayMs, callback })
    return () => alarms.delete(id)
  }

  return {
    now: () => now,
    setAlarm,
    /** When the earliest alarm is due, or null when none is set. */
    nextAlarmAt: () => (alarms.size === 0 ? null : Math.min(...[...alarms.values()].map((alarm) => alarm.at))),
    /**
     * Waits (polling) until an alarm is set for exactly `at`: a session's timer is armed when its commit reaches the
     * timer service through the ordered delivery, which may come a moment after the command's answer.
     */
    async armedAt(at: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (![...alarms.values()].some((alarm) => alarm.at === at)) {
        if (Date.now() > deadline) throw new Error(`no alarm was set for ${at}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    /** Moves the clock on by `ms` and runs, in order, the alarms due by then (not those they set in turn). */
    async advance(ms: number) {
      now += ms
      const due = [...alarms].filter(([, alarm]) => alarm.at <= now).sort(([, a], [, b]) => a.at - b.at)
      for (const [id] of due) alarms.delete(id)
      await Promise.all(due.map(([, alarm]) => alarm.callback()))
    },
  }
}
