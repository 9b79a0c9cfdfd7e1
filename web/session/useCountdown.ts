import { useEffect, useState } from 'react'
import type { RoomTimer } from '../../schemas/session-room/room-state.ts'
import { elapsedSeconds, remainingSeconds } from '../../schemas/session-room/timer.ts'
import { serverNow } from './server-clock.ts'

export interface ClockReading {
  remaining: number
  elapsed: number
}

function read(timer: RoomTimer | null): ClockReading | null {
  if (!timer) return null
  const now = serverNow()
  return { remaining: remainingSeconds(timer, now), elapsed: elapsedSeconds(timer, now) }
}

/**
 * The running phase clock, re-read from the server's timestamps several times a second (so a throttled or
 * sleeping tab is right again the moment it wakes), re-rendering only when a whole second changes.
 */
export function useCountdown(timer: RoomTimer | null): ClockReading | null {
  const [reading, setReading] = useState(() => read(timer))
  useEffect(() => {
    setReading(read(timer))
    if (!timer) return
    const tick = setInterval(() => {
      const next = read(timer)
      setReading((previous) => (previous && next && previous.remaining === next.remaining && previous.elapsed === next.elapsed ? previous : next))
    }, 250)
    return () => clearInterval(tick)
  }, [timer])
  return reading
}
