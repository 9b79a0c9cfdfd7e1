import type { Overlap } from '../../schemas/partners/matches.ts'
import { wallTimeIn } from '../../schemas/time-zones.ts'

/**
 * A time two candidates are both free, written for the reader in both clocks: "Tue 1 Dec 18:00–20:00 your time ·
 * 23:00–01:00 their time (Asia/Karachi)". Clocks are 24-hour, as the free hours are entered; their day is named
 * only where it differs from the reader's.
 */

const DAY_MS = 86_400_000

/** "Tue 1 Dec" in the zone and locale. */
const dayIn = (ms: number, zone: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(ms)

const dateIn = (ms: number, zone: string) => wallTimeIn(ms, zone).slice(0, 10)
const clockIn = (ms: number, zone: string) => wallTimeIn(ms, zone).slice(11)

/** "18:00–20:00", with the end's day too when the stretch lasts a day or more (both free round the clock). */
function span(startMs: number, endMs: number, zone: string, locale: string): string {
  const end = endMs - startMs >= DAY_MS ? `${dayIn(endMs, zone, locale)} ${clockIn(endMs, zone)}` : clockIn(endMs, zone)
  return `${clockIn(startMs, zone)}–${end}`
}

export function overlapInWords(overlap: Overlap, mine: string, theirs: string, locale: string): string {
  const startMs = Date.parse(overlap.startsAt)
  const endMs = Date.parse(overlap.endsAt)
  const yours = `${dayIn(startMs, mine, locale)} ${span(startMs, endMs, mine, locale)} your time`
  if (theirs === mine) return `${yours} (theirs too)`
  const theirDay = dateIn(startMs, theirs) === dateIn(startMs, mine) ? '' : `${dayIn(startMs, theirs, locale)} `
  return `${yours} · ${theirDay}${span(startMs, endMs, theirs, locale)} their time (${theirs})`
}
