/**
 * Calls `callback` after `delayMs` and answers how to cancel it: how the server's timers (phase deadlines, the
 * offline rule, the presence grace) wait. Production waits with setTimeout; tests pass a manual clock
 * (test/helpers/manual-clock.ts) that fires what is due when they move it on, and waits for it.
 */
export type SetAlarm = (callback: () => Promise<void> | void, delayMs: number) => () => void

// setTimeout fires at once beyond this (about 24.8 days); phases last minutes, but a clock jump must not spin.
const MAX_DELAY_MS = 2 ** 31 - 1

/** Never keeps the process alive by itself: what is waited for belongs to a server that is listening. */
export const realAlarm: SetAlarm = (callback, delayMs) => {
  const timeout = setTimeout(() => void callback(), Math.min(delayMs, MAX_DELAY_MS)).unref()
  return () => clearTimeout(timeout)
}

/**
 * A clock running `speed` times faster than the wall clock from `epoch`, with alarms that wait accordingly: for
 * browser tests that run a whole mock exam (SESSION_CLOCK_SPEED). The same epoch after a restart gives the same time.
 */
export function fastClock({ speed, epoch }: { speed: number; epoch: number }): { clock: () => number; setAlarm: SetAlarm } {
  return {
    clock: () => Math.round(epoch + (Date.now() - epoch) * speed),
    setAlarm: (callback, delayMs) => realAlarm(callback, delayMs / speed),
  }
}
