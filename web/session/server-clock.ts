import { boundsFromDateHeader, boundsFromServerEvent, combineBounds, estimateOffset, UNKNOWN_OFFSET, type OffsetBounds } from '../../schemas/session-room/clock-offset.ts'

/**
 * The page's estimate of the server's clock (schemas/session-room/clock-offset.ts explains the bounds). One
 * per page: every session answer and live timer message narrows it, whichever screen saw it.
 */
let bounds: OffsetBounds = UNKNOWN_OFFSET

export function serverNow(): number {
  return Date.now() + estimateOffset(bounds)
}

/** Pass as `onResponse` of a request sent at `sentAt` (local ms). */
export function observeResponse(sentAt: number) {
  return (response: Response) => {
    const observed = boundsFromDateHeader(response.headers.get('date'), sentAt, Date.now())
    if (observed) bounds = combineBounds(bounds, observed)
  }
}

/** A live message stamped with the server's time of the event it reports, just received. */
export function observeServerEvent(serverTimestamp: number) {
  bounds = combineBounds(bounds, boundsFromServerEvent(serverTimestamp, Date.now()))
}
