/**
 * A phase's clock, as the server times it and every screen shows it: one place for its deadline, for which
 * phases show one, and for the two-minute warning (SPEC section 9).
 */
import type { Phase, PhaseTimer } from './types.ts'

/** When a running phase ends, in epoch ms. */
export const deadlineOf = (timer: Pick<PhaseTimer, 'startTimestamp' | 'durationSeconds'>): number => timer.startTimestamp + timer.durationSeconds * 1000

/** Whole seconds since the phase started, from 0 up to its duration (what a stopwatch shows, and when a note was made). */
export function elapsedSeconds(timer: Pick<PhaseTimer, 'startTimestamp' | 'durationSeconds'>, now: number): number {
  const elapsed = Math.floor((now - timer.startTimestamp) / 1000)
  return Math.min(timer.durationSeconds, Math.max(0, elapsed))
}

/** The phases whose clock the room shows; the feedback phase's time limit is the server's alone. */
export type ClockPhase = 'READING' | 'CONSULTATION'
export const showsClock = (phase: Phase): phase is ClockPhase => phase === 'READING' || phase === 'CONSULTATION'

/**
 * Reading -> consultation, consultation -> feedback: where the doctor's skip or the clock running out moves a
 * phase with a clock on to (the only phases skipped or timed out into another).
 */
export const AFTER_CLOCK = { READING: 'CONSULTATION', CONSULTATION: 'FEEDBACK' } as const satisfies Record<ClockPhase, Phase>

export const TWO_MINUTE_WARNING_SECONDS = 120

/**
 * The consultation's two-minute warning is on: two minutes or fewer left of a consultation that had more. It stays
 * until the consultation ends, like an invigilator's call, for every role and timing.
 */
export function inTwoMinuteWarning(timer: { phase: Phase; durationSeconds: number }, remainingSeconds: number): boolean {
  return timer.phase === 'CONSULTATION' && timer.durationSeconds > TWO_MINUTE_WARNING_SECONDS && remainingSeconds <= TWO_MINUTE_WARNING_SECONDS
}
