import { useEffect, useRef } from 'react'
import type { Phase } from '../../schemas/session/types.ts'
import type { RoomTimer } from '../../schemas/session-room/room-state.ts'
import { shouldWarnTwoMinutes, TWO_MINUTE_WARNING_SECONDS } from '../../schemas/session-room/timer.ts'
import { playSound } from './sounds.ts'

/**
 * Sounds on the room's transitions, never on a page load: entering consultation, consultation -> feedback, and
 * the two-minute warning once per consultation (a reload past the two-minute mark does not repeat it).
 */
export function useRoomSounds(phase: Phase | null, timer: RoomTimer | null, remaining: number | null) {
  const previousPhase = useRef<Phase | null>(null)
  const warnedFor = useRef<number | null>(null)
  const seenAbove = useRef<number | null>(null)

  useEffect(() => {
    const before = previousPhase.current
    previousPhase.current = phase
    if (before === null || before === phase) return
    if (phase === 'CONSULTATION') playSound('consultation-start')
    if (before === 'CONSULTATION' && phase === 'FEEDBACK') playSound('move-on')
  }, [phase])

  useEffect(() => {
    if (!timer || timer.phase !== 'CONSULTATION' || remaining === null) return
    const key = timer.startTimestamp
    if (remaining > TWO_MINUTE_WARNING_SECONDS) seenAbove.current = key
    const alreadyWarned = warnedFor.current === key || seenAbove.current !== key
    if (shouldWarnTwoMinutes(alreadyWarned, remaining)) {
      warnedFor.current = key
      playSound('two-minute-warning')
    }
  }, [timer, remaining])
}
