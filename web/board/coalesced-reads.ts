/** Waits `delayMs`, then calls `callback`; answers how to cancel. The browser's timer by default, a test's clock in tests. */
export type SetTimer = (callback: () => void, delayMs: number) => () => void

const browserTimer: SetTimer = (callback, delayMs) => {
  const id = setTimeout(callback, delayMs)
  return () => clearTimeout(id)
}

export interface CoalescedReads {
  /** Something changed: read again soon, together with whatever else changes meanwhile. */
  request(): void
  /** Stops: no read starts after this (one already answering finishes). */
  stop(): void
}

/**
 * Many notices, few reads (issue 30: one account saving its settings 100 times made every open board read itself
 * 100 times). The first request waits `waitMs` and the requests during the wait join it; then `read` runs once.
 * A request while that read is answering is kept for one more read after it, so at most one read is in flight and
 * the last change is never missed. `read` shows its own errors (it never rejects).
 */
export function coalescedReads(read: () => Promise<void>, waitMs: number, setTimer: SetTimer = browserTimer): CoalescedReads {
  let state: 'idle' | 'waiting' | 'reading' | 'stopped' = 'idle'
  let again = false
  let cancelWait = () => {}

  const start = () => {
    state = 'waiting'
    cancelWait = setTimer(() => {
      state = 'reading'
      void read().finally(() => {
        if (state === 'stopped') return
        state = 'idle'
        if (again) {
          again = false
          start()
        }
      })
    }, waitMs)
  }

  return {
    request() {
      if (state === 'idle') start()
      else if (state === 'reading') again = true
    },
    stop() {
      state = 'stopped'
      cancelWait()
    },
  }
}
