/**
 * The room's phase clock, computed from the server's start timestamp and duration (never counted locally, so a
 * reload, a sleeping laptop or a throttled tab shows the same time as everyone else). `serverNow` is the
 * browser's clock corrected by the estimated offset (clock-offset.ts).
 */
import { elapsedSeconds, TWO_MINUTE_WARNING_SECONDS } from '../../../schemas/session/clock.ts'

export interface PhaseClock {
  startTimestamp: number
  durationSeconds: number
}

/** Whole seconds left: duration minus the elapsed whole seconds, never below 0 (SPEC section 4, Timer). */
export function remainingSeconds(clock: PhaseClock, serverNow: number): number {
  return Math.max(0, clock.durationSeconds - elapsedSeconds(clock, serverNow))
}


/** When the GET carries no start timestamp, only the seconds left: the start they imply. */
export function startFromRemaining(durationSeconds: number, timeRemaining: number, serverNow: number): number {
  return serverNow - (durationSeconds - timeRemaining) * 1000
}

/** 487 -> "8:07"; an hour or more keeps counting minutes ("75:00"). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The moments worth announcing: saying the time every second would drown a screen reader. A phase's start is
 * not one: focus moves to the new phase's heading then (PhaseHeading.tsx), so it is said once.
 */
export type TimerMilestone = 'two-minutes' | 'one-minute' | 'zero'

const MILESTONE_SECONDS: Array<[TimerMilestone, number]> = [
  ['two-minutes', 120],
  ['one-minute', 60],
  ['zero', 0],
]

/**
 * The milestone crossed between two readings of the remaining time (`previous` null = the phase just began,
 * or the page just loaded: nothing crossed). Only the latest milestone crossed is returned, so a tab that slept
 * through several says only where things stand now.
 */
export function crossedMilestone(previous: number | null, current: number, durationSeconds: number): TimerMilestone | null {
  if (previous === null) return null
  let crossed: TimerMilestone | null = null
  for (const [milestone, at] of MILESTONE_SECONDS) {
    if (previous > at && current <= at && durationSeconds > at) crossed = milestone
  }
  return crossed
}

/** What a screen reader hears at a milestone. */
export function milestoneAnnouncement(milestone: TimerMilestone, phaseName: string): string {
  switch (milestone) {
    case 'two-minutes':
      return `2 minutes left in ${phaseName.toLowerCase()}.`
    case 'one-minute':
      return `1 minute left in ${phaseName.toLowerCase()}.`
    case 'zero':
      return `${phaseName} time is up.`
  }
}

export const TWO_MINUTE_WARNING_WORDS = '2 minutes left'

/** The two-minute warning sound: once, when the consultation first shows 120 seconds or fewer (but not 0). */
export function shouldWarnTwoMinutes(alreadyWarned: boolean, remaining: number): boolean {
  return !alreadyWarned && remaining > 0 && remaining <= TWO_MINUTE_WARNING_SECONDS
}
