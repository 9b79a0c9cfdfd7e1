import * as v from 'valibot'
import { clockOf, minutesOf, STEP_MINUTES, type HoursStretch } from '../../schemas/partners/availability.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import { quietly } from '../session/feedback/draft-storage.ts'

/**
 * The free-hours editor's pure parts (issue 36): the times it offers, a new stretch for a day, the shared rules'
 * messages (the server's, by row), and the week being edited kept in this tab (sessionStorage, per account) until it is saved,
 * so a reload or a failed save loses nothing.
 */

const DAY = 24 * 60
const steps = (from: number, to: number) => Array.from({ length: (to - from) / STEP_MINUTES + 1 }, (_, i) => clockOf(from + i * STEP_MINUTES))

/** What the "From" and "To" pickers offer: quarter hours, a stretch ending at midnight as 24:00. */
export const START_TIMES = steps(0, DAY - STEP_MINUTES)
export const END_TIMES = steps(STEP_MINUTES, DAY)

/** A stretch added to a day: two hours from the end of its last stretch (18:00 on a free day), up to midnight. */
export function addedStretch(hours: HoursStretch[], weekday: number): HoursStretch {
  const lastEnd = Math.max(-1, ...hours.filter((h) => h.weekday === weekday).map((h) => minutesOf(h.end)))
  const start = lastEnd < 0 || lastEnd >= DAY ? 18 * 60 : lastEnd
  return { weekday, start: clockOf(start), end: clockOf(Math.min(DAY, start + 120)) }
}

/** The week's order, so a week read back from the server compares equal to the same week edited. */
const ordered = (hours: HoursStretch[]) => [...hours].sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start) || minutesOf(a.end) - minutesOf(b.end))

export const sameHours = (a: HoursStretch[], b: HoursStretch[]) => JSON.stringify(ordered(a)) === JSON.stringify(ordered(b))

/** The first problem of one row (by its place in the list), or undefined. */
export const rowProblem = (errors: FieldErrors, index: number): string | undefined =>
  Object.entries(errors).find(([field]) => field.startsWith(`hours.${index}.`))?.[1]

/** Whatever a kept draft holds, as long as it is stretches: an unfinished week may break the rules, and is kept anyway. */
const Kept = v.array(v.object({ weekday: v.number(), start: v.string(), end: v.string() }))

const keyFor = (userId: number) => `plab.weeklyHours.${userId}`

export function keptHours(userId: number): HoursStretch[] | null {
  try {
    const kept = v.safeParse(Kept, JSON.parse(sessionStorage.getItem(keyFor(userId)) ?? 'null'))
    return kept.success ? kept.output : null
  } catch {
    return null
  }
}

export function keepHours(userId: number, hours: HoursStretch[]) {
  quietly(() => sessionStorage.setItem(keyFor(userId), JSON.stringify(hours)))
}

export function forgetHours(userId: number) {
  quietly(() => sessionStorage.removeItem(keyFor(userId)))
}
