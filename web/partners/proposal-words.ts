import { wallTimeIn } from '../../schemas/time-zones.ts'

/**
 * A proposed time written for the reader on both clocks (issue 36): "Tue 1 Dec 19:00 your time = Wed 2 Dec 00:00
 * their time (Asia/Karachi)". 24-hour clocks, as the free hours are written (overlap-words.ts); the locale is
 * passed in, so this stays pure.
 */

/** Who the other clock is: their name and zone (null when they set none). */
export interface OtherClock {
  name: string
  timeZone: string | null
}

/** "Tue 1 Dec 19:00" in the zone and locale. */
function momentIn(ms: number, zone: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(ms)
  return `${day} ${wallTimeIn(ms, zone).slice(11)}`
}

export function bothClocks(ms: number, mine: string, other: OtherClock, locale: string): string {
  const yours = `${momentIn(ms, mine, locale)} your time`
  if (!other.timeZone) return `${yours} (${other.name} has not set a time zone)`
  if (other.timeZone === mine) return `${yours} (theirs too)`
  return `${yours} = ${momentIn(ms, other.timeZone, locale)} their time (${other.timeZone})`
}
