import * as v from 'valibot'
import { instantOfWallTime, wallTimeIn } from '../time-zones.ts'

/**
 * Weekly free hours (issue 36): stretches of a weekday in the owner's own time zone, as wall times, so 09:00 on
 * Mondays stays 09:00 across a change of clocks. Turned into instants over the coming days in that zone, two
 * people's instants intersect into the times both are free. Nothing here reads the clock: `fromMs` is passed in.
 */

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
/** Four stretches a day is plenty for a person's week; more is a mistake or a script. */
export const MAX_STRETCHES = 28
/** Shorter than half an hour is too short for a station and its feedback: not worth matching on. */
export const MIN_OVERLAP_MINUTES = 30
/** "Partners free when I am" looks this far ahead. */
export const MATCH_DAYS = 7
/** Times are on the quarter hour: the pickers offer those, and stray minutes make overlaps nobody would plan. */
export const STEP_MINUTES = 15

const DAY_MINUTES = 24 * 60
const START = /^([01]\d|2[0-3]):(00|15|30|45)$/
const END = /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/

/** "18:30" as minutes from midnight (1110); "24:00" is 1440. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** Minutes from midnight as "HH:MM" (1440 is "24:00"). */
export const clockOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const Stretch = v.pipe(
  v.strictObject({
    weekday: v.pipe(
      v.number('weekday must be a number from 0 (Monday) to 6 (Sunday)'),
      v.integer('weekday must be a number from 0 (Monday) to 6 (Sunday)'),
      v.minValue(0, 'weekday must be a number from 0 (Monday) to 6 (Sunday)'),
      v.maxValue(6, 'weekday must be a number from 0 (Monday) to 6 (Sunday)'),
    ),
    start: v.pipe(v.string('start must be a time written HH:MM'), v.regex(START, 'start must be a time from 00:00 to 23:45, on the quarter hour')),
    end: v.pipe(v.string('end must be a time written HH:MM'), v.regex(END, 'end must be a time from 00:15 to 24:00, on the quarter hour')),
  }),
  v.forward(
    // Judged only between two valid times: a malformed one has its own message.
    v.check(
      (stretch) => !START.test(stretch.start) || !END.test(stretch.end) || minutesOf(stretch.end) > minutesOf(stretch.start),
      'The end must be after the start (use 24:00 for midnight)',
    ),
    ['end'],
  ),
)
export type HoursStretch = v.InferOutput<typeof Stretch>

/** The first two stretches of one weekday that overlap, or null. */
function overlappingPair(hours: HoursStretch[]): [HoursStretch, HoursStretch] | null {
  const sorted = [...hours].sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start))
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1], sorted[i]]
    if (before.weekday === after.weekday && minutesOf(after.start) < minutesOf(before.end)) return [before, after]
  }
  return null
}

/** PUT /api/profile/hours: the whole week at once (an empty list clears it). */
export const WeeklyHoursBody = v.pipe(
  v.strictObject({
    hours: v.pipe(
      v.array(Stretch, 'hours must be a list of stretches'),
      v.maxLength(MAX_STRETCHES, `At most ${MAX_STRETCHES} stretches of free hours in a week`),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const pair = overlappingPair(dataset.value.hours)
    if (!pair) return
    const [a, b] = pair
    addIssue({
      message: `Your ${WEEKDAYS[a.weekday]} stretches ${a.start}–${a.end} and ${b.start}–${b.end} overlap: join them into one`,
      path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'hours', value: dataset.value.hours }],
    })
  }),
)
export type WeeklyHours = v.InferOutput<typeof WeeklyHoursBody>

/** As the table keeps a stretch (migrations/0019_partners.ts): minutes from the owner's midnight, end exclusive. */
export interface MinuteStretch {
  weekday: number
  startMinute: number
  endMinute: number
}

export const toMinutes = (stretch: HoursStretch): MinuteStretch => ({ weekday: stretch.weekday, startMinute: minutesOf(stretch.start), endMinute: minutesOf(stretch.end) })

/** The table's stretches as the wire writes them, in the week's order. */
export const fromMinutes = (stretches: MinuteStretch[]): HoursStretch[] =>
  [...stretches]
    .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute)
    .map((stretch) => ({ weekday: stretch.weekday, start: clockOf(stretch.startMinute), end: clockOf(stretch.endMinute) }))

/** An absolute stretch of time, [startMs, endMs). */
export interface Interval {
  startMs: number
  endMs: number
}

const DAY_MS = 86_400_000

/** The calendar day `offset` days after the yyyy-mm-dd `date`, with its weekday (0 is Monday). */
function dayAfter(date: string, offset: number): { date: string; weekday: number } {
  const at = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + offset))
  return { date: at.toISOString().slice(0, 10), weekday: (at.getUTCDay() + 6) % 7 }
}

/** The wall time `minutes` after midnight of `date` in `zone`, as an instant (1440 is the next day's midnight). */
function instantOf(date: string, minutes: number, zone: string): number {
  const day = minutes === DAY_MINUTES ? dayAfter(date, 1).date : date
  return instantOfWallTime(`${day}T${clockOf(minutes % DAY_MINUTES)}`, zone)!
}

/** Sorted, with touching or overlapping intervals joined (Monday to 24:00 and Tuesday from 00:00 are one). */
function joined(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs)
  const out: Interval[] = []
  for (const interval of sorted) {
    const last = out.at(-1)
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs)
    else out.push({ ...interval })
  }
  return out
}

/**
 * The instants the owner is free in the `days` days from `fromMs`, from their weekly hours in their zone: each
 * day's wall times are taken in the zone that day, so a change of clocks moves the instants, never the hours.
 * A stretch under way at `fromMs` counts from `fromMs`.
 */
export function freeIntervals(hours: MinuteStretch[], zone: string, fromMs: number, days: number): Interval[] {
  const untilMs = fromMs + days * DAY_MS
  const today = wallTimeIn(fromMs, zone).slice(0, 10)
  const intervals: Interval[] = []
  // One day more than asked: the last day's window ends part way through a calendar day of the zone.
  for (let offset = 0; offset <= days; offset++) {
    const day = dayAfter(today, offset)
    for (const stretch of hours.filter((h) => h.weekday === day.weekday)) {
      const startMs = Math.max(fromMs, instantOf(day.date, stretch.startMinute, zone))
      const endMs = Math.min(untilMs, instantOf(day.date, stretch.endMinute, zone))
      if (endMs > startMs) intervals.push({ startMs, endMs })
    }
  }
  return joined(intervals)
}

/** The times inside both lists (each sorted and joined, as freeIntervals gives them). */
export function overlapIntervals(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const startMs = Math.max(a[i].startMs, b[j].startMs)
    const endMs = Math.min(a[i].endMs, b[j].endMs)
    if (endMs > startMs) out.push({ startMs, endMs })
    // The one that ends first can meet nothing further in the other list.
    if (a[i].endMs < b[j].endMs) i++
    else j++
  }
  return out
}

/** The overlaps long enough to practise in. */
export const usefulOverlaps = (a: Interval[], b: Interval[]): Interval[] =>
  overlapIntervals(a, b).filter((overlap) => overlap.endMs - overlap.startMs >= MIN_OVERLAP_MINUTES * 60_000)
