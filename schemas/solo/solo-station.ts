/**
 * A station practised alone (issue 34): the candidate reads the instructions, then speaks the consultation aloud to
 * the camera or microphone, and only then sees the patient's script and the examiner's checklist and marks
 * themselves. Its phases follow from its times alone, so the server and the page read the same phase from the same
 * stored times, and a reload (or a page closed and opened the next day) finds the station where the clock says it is.
 */
export const SOLO_PHASES = ['READING', 'CONSULTATION', 'MARKING'] as const
export type SoloPhase = (typeof SOLO_PHASES)[number]

/** The phases a candidate moves on from by hand: "Start the station now" and "End the station". */
export type SoloClockPhase = Exclude<SoloPhase, 'MARKING'>

/** What is stored of a solo station's clock, in epoch ms of the server's clock. */
export interface SoloTimes {
  startedAt: number
  readingSeconds: number
  consultationSeconds: number
  /** Set when the candidate started the consultation before the reading time ran out. */
  consultationStartedAt: number | null
  /** Set when the candidate ended the consultation before its time ran out. */
  endedAt: number | null
}

/**
 * The consultation runs at least this long before the candidate may end it: the script and checklist come with the
 * end, and a station ended at once would give the case bank away one click at a time.
 */
export const EARLIEST_END_SECONDS = 60
export const TOO_EARLY_TO_END = `A station can be ended once it has run for ${EARLIEST_END_SECONDS} seconds`
/** Stations a candidate may start alone in 24 hours: a long day of practice, not the whole bank. */
export const SOLO_STARTS_PER_DAY = 30
export const DAILY_LIMIT = `You have started ${SOLO_STARTS_PER_DAY} stations alone in the last 24 hours, the most a day allows: please come back tomorrow`

export const consultationStartOf = (t: SoloTimes): number => t.consultationStartedAt ?? t.startedAt + t.readingSeconds * 1000
export const stationEndOf = (t: SoloTimes): number => t.endedAt ?? consultationStartOf(t) + t.consultationSeconds * 1000

export function soloPhaseAt(t: SoloTimes, now: number): SoloPhase {
  if (now < consultationStartOf(t)) return 'READING'
  return now < stationEndOf(t) ? 'CONSULTATION' : 'MARKING'
}

/** The running phase's clock, in the shape every room clock has; null once the station is over. */
export function soloTimerAt(t: SoloTimes, now: number): { phase: SoloClockPhase; startTimestamp: number; durationSeconds: number } | null {
  const phase = soloPhaseAt(t, now)
  if (phase === 'READING') return { phase, startTimestamp: t.startedAt, durationSeconds: (consultationStartOf(t) - t.startedAt) / 1000 }
  if (phase === 'CONSULTATION') return { phase, startTimestamp: consultationStartOf(t), durationSeconds: t.consultationSeconds }
  return null
}

/** Whether the candidate may end the consultation at `now` (EARLIEST_END_SECONDS). */
export const mayEndAt = (t: SoloTimes, now: number): boolean => now - consultationStartOf(t) >= EARLIEST_END_SECONDS * 1000

/**
 * The times after the candidate moved on from `from` at `now`; null when the station is no longer in that phase,
 * so a double click, or a click that arrives after the clock ran out, changes nothing. Ending before
 * EARLIEST_END_SECONDS is refused by the caller (`mayEndAt`).
 */
export function movedOn(t: SoloTimes, from: SoloClockPhase, now: number): SoloTimes | null {
  if (soloPhaseAt(t, now) !== from) return null
  return from === 'READING' ? { ...t, consultationStartedAt: now } : { ...t, endedAt: now }
}
