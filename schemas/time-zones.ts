/**
 * Time zone conversions and written times, shared by the server (mail) and the pages (issue 30): one place that
 * turns an instant into a zone's wall time and back, and writes it in a locale. Zones are IANA names
 * (Asia/Karachi); instants are epoch milliseconds. Nothing here reads the clock or the browser: the zone and the
 * locale are passed in.
 */

/** A datetime-local value: a wall time without a zone, to the minute. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

function wallParts(ms: number, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
}

/** How far the zone's clocks are ahead of UTC at this instant, in milliseconds (GMT+5 is 5 hours). */
export function zoneOffsetAt(ms: number, zone: string): number {
  const p = wallParts(ms, zone)
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wallAsUtc - Math.floor(ms / 1000) * 1000
}

/** The instant as a datetime-local value in the zone: "2026-11-29T20:00". */
export function wallTimeIn(ms: number, zone: string): string {
  const p = wallParts(ms, zone)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`
}

/**
 * The instant a datetime-local value means in the zone, or null when the value is not one. A wall time the
 * zone skips (a spring-forward gap) is taken with the offset before the change, so it lands just after the gap.
 */
export function instantOfWallTime(wall: string, zone: string): number | null {
  const match = WALL_TIME.exec(wall)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute)
  // Date.UTC rolls a 31 November over into December; such a value names no wall time.
  const check = new Date(wallAsUtc)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute) return null
  // The offset depends on the instant sought; two rounds settle it, also next to a change of offset.
  const first = wallAsUtc - zoneOffsetAt(wallAsUtc, zone)
  return wallAsUtc - zoneOffsetAt(first, zone)
}

export interface WrittenTimeOptions {
  zone: string
  /** A BCP 47 locale: the reader's (navigator.language in a browser). */
  locale: string
  /** Name the zone ("GMT+5") where a reader could take the time for another zone's. */
  nameZone: boolean
  /** long: "Sunday 29 November 2026, 20:00"; short: "Sun 29 Nov, 20:00". */
  length?: 'long' | 'short'
}

/** An instant written for a reader: in their zone and locale, the zone named when asked. */
export function writtenTime(ms: number, options: WrittenTimeOptions): string {
  const long = options.length === 'long'
  return new Intl.DateTimeFormat(options.locale, {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { year: 'numeric' as const } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.zone,
    ...(options.nameZone ? { timeZoneName: 'short' as const } : {}),
  }).format(ms)
}

/** The day of an instant for a reader: "29 Nov 2026" in en-GB, in their zone. */
export function writtenDate(ms: number, options: Pick<WrittenTimeOptions, 'zone' | 'locale'>): string {
  return new Intl.DateTimeFormat(options.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: options.zone }).format(ms)
}
