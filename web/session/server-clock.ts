import { useEffect, useState } from 'react'
import { sessionsApi } from '../api/sessions.ts'
import type { RoomTimer } from './room/room-state.ts'
import { elapsedSeconds } from '../../schemas/session/clock.ts'
import { remainingSeconds } from './room/timer.ts'
import { boundsFromDateHeader, boundsFromServerEvent, combineBounds, estimateOffset, UNKNOWN_OFFSET, type OffsetBounds } from './room/clock-offset.ts'

/**
 * The page's estimate of the server's clock (web/session/room/clock-offset.ts explains the bounds). One
 * per page: every session answer and live timer message narrows it, whichever screen saw it.
 */
let bounds: OffsetBounds = UNKNOWN_OFFSET

export function serverNow(): number {
  return Date.now() + estimateOffset(bounds)
}

/** Pass as `onResponse` of a request sent at `sentAt` (local ms). */
export function observeResponse(sentAt: number) {
  return (response: Response) => {
    const observed = boundsFromDateHeader(response.headers.get('date'), sentAt, Date.now())
    if (observed) bounds = combineBounds(bounds, observed)
  }
}

/** Reads a session; every read also tells the page how far its clock is from the server's. */
export const readSession = (code: string, signal?: AbortSignal) => sessionsApi.get(code, { signal, onResponse: observeResponse(Date.now()) })

/** A live message stamped with the server's time of the event it reports, just received. */
export function observeServerEvent(serverTimestamp: number) {
  bounds = combineBounds(bounds, boundsFromServerEvent(serverTimestamp, Date.now()))
}

export interface ClockReading {
  remaining: number
  elapsed: number
}

/** Any running clock: a phase's, or a mock exam's change-over and rest station (issue 33). */
type Clocked = Pick<RoomTimer, 'startTimestamp' | 'durationSeconds'>

function read(timer: Clocked | null): ClockReading | null {
  if (!timer) return null
  const now = serverNow()
  return { remaining: remainingSeconds(timer, now), elapsed: elapsedSeconds(timer, now) }
}

/**
 * The running phase clock, re-read from the server's timestamps several times a second (so a throttled or
 * sleeping tab is right again the moment it wakes), re-rendering only when a whole second changes. A new timer
 * is read in the same render that brings it, so nothing ever pairs it with the previous timer's reading (the
 * screen-reader announcement of a phase start depends on seeing the new clock from its first value).
 */
export function useCountdown(timer: Clocked | null): ClockReading | null {
  const [state, setState] = useState(() => ({ timer, reading: read(timer) }))
  useEffect(() => {
    setState({ timer, reading: read(timer) })
    if (!timer) return
    const tick = setInterval(() => {
      const next = read(timer)
      setState((previous) => (previous.timer === timer && sameReading(previous.reading, next) ? previous : { timer, reading: next }))
    }, 250)
    return () => clearInterval(tick)
  }, [timer])
  return state.timer === timer ? state.reading : read(timer)
}

function sameReading(a: ClockReading | null, b: ClockReading | null): boolean {
  return a !== null && b !== null && a.remaining === b.remaining && a.elapsed === b.elapsed
}
