/** Times on the board: shown in the viewer's own zone (their profile's, else the browser's). */

/** The browser's IANA time zone, e.g. Europe/London; UTC when it will not say. */
export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Every zone the browser knows, for the profile's picker (the detected one first if the list lacks it). */
export function knownTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes(current) ? zones : [current, ...zones]
}

/** "Tue 24 Nov, 18:30 GMT+5": a start time in `timeZone`. */
export function startIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso))
}

/** "February 2027" from 2027-02. */
export function monthName(examMonth: string): string {
  const [year, month] = examMonth.split('-').map(Number)
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1))
}

/** A datetime-local input's value (local wall time of this browser) as an ISO instant. */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString()
}
