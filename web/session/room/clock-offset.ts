/**
 * How far the server's clock is from the browser's (server minus browser, in ms). Timers are deadlines in
 * server time, so a browser clock a minute fast would otherwise show a minute less than everyone else.
 *
 * Each observation bounds the offset:
 * - an HTTP answer whose Date header says D (whole seconds, so the server's clock read somewhere in
 *   [D, D + 1000)) for a request sent at local time `sentAt` and answered at `receivedAt` tells us the offset
 *   lies in [D - receivedAt, D + 1000 - sentAt];
 * - a live message stamped `startTimestamp` by the server (the moment it happened) that arrives at local time
 *   `receivedAt` says the offset is at least startTimestamp - receivedAt.
 * The estimate is the middle of the intersection of every bound seen. If the bounds stop agreeing (a clock
 * was changed), the older ones are dropped and the newest observation starts afresh.
 */

export interface OffsetBounds {
  low: number
  high: number
}

/** No observation yet: trust the browser's clock. */
export const UNKNOWN_OFFSET: OffsetBounds = { low: -Infinity, high: Infinity }

export function boundsFromDateHeader(dateHeader: string | null, sentAt: number, receivedAt: number): OffsetBounds | null {
  if (!dateHeader) return null
  const serverSecond = Date.parse(dateHeader)
  if (Number.isNaN(serverSecond) || receivedAt < sentAt) return null
  return { low: serverSecond - receivedAt, high: serverSecond + 1000 - sentAt }
}

export function boundsFromServerEvent(serverTimestamp: number, receivedAt: number): OffsetBounds {
  return { low: serverTimestamp - receivedAt, high: Infinity }
}

export function combineBounds(known: OffsetBounds, observed: OffsetBounds): OffsetBounds {
  const low = Math.max(known.low, observed.low)
  const high = Math.min(known.high, observed.high)
  return low <= high ? { low, high } : observed
}

/** The offset to add to the browser's clock to read the server's. */
export function estimateOffset(bounds: OffsetBounds): number {
  const { low, high } = bounds
  if (Number.isFinite(low) && Number.isFinite(high)) return Math.round((low + high) / 2)
  // One-sided: a lower bound only says the server is at least this far ahead; assume no more than that.
  if (Number.isFinite(low)) return Math.max(0, low)
  if (Number.isFinite(high)) return Math.min(0, high)
  return 0
}
