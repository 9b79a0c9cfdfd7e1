/**
 * STOMP 1.2 heart-beating (spec "Heart-beating"). CONNECT carries `heart-beat: cx,cy` (the client can send every cx
 * ms, wants to receive every cy ms); CONNECTED answers the server's `sx,sy`. Each direction is active only when
 * both of its numbers are non-zero, at the larger of the two.
 */

export interface HeartbeatSettings {
  /** sx: the smallest interval at which the server can send heart-beats (0: cannot). */
  send: number
  /** sy: the interval at which the server would like to receive them (0: does not want any). */
  receive: number
}

export interface NegotiatedHeartbeat {
  /** Send an EOL when nothing was sent for this long; 0 disables. max(sx, cy). */
  sendEvery: number
  /** The client promised data at least this often; 0 disables. max(cx, sy). */
  expectEvery: number
}

/**
 * The spec lets the receiver allow "some tolerance" before it considers the connection dead; we allow two
 * intervals, as @stomp/stompjs does on its side.
 */
const SILENCE_TOLERANCE = 2

/** Null when the header is malformed; a missing header means 0,0 (spec: "no heart-beat"). */
export function negotiateHeartbeat(header: string | undefined, server: HeartbeatSettings): NegotiatedHeartbeat | null {
  if (header === undefined) return { sendEvery: 0, expectEvery: 0 }
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header)
  if (!match) return null
  const [clientSends, clientWants] = [Number(match[1]), Number(match[2])]
  return {
    sendEvery: server.send > 0 && clientWants > 0 ? Math.max(server.send, clientWants) : 0,
    expectEvery: clientSends > 0 && server.receive > 0 ? Math.max(clientSends, server.receive) : 0,
  }
}

/**
 * The two heart-beat timers of one connection. Each is re-armed by activity rather than ticking on a fixed
 * schedule, so a busy connection sends no heart-beats at all and a silent one is noticed on time.
 */
export class HeartbeatTimers {
  private readonly sendTimer: NodeJS.Timeout | null
  private readonly silenceTimer: NodeJS.Timeout | null

  constructor(negotiated: NegotiatedHeartbeat, sendBeat: () => void, onSilence: () => void) {
    this.sendTimer = negotiated.sendEvery > 0 ? setInterval(sendBeat, negotiated.sendEvery).unref() : null
    this.silenceTimer = negotiated.expectEvery > 0 ? setTimeout(onSilence, negotiated.expectEvery * SILENCE_TOLERANCE).unref() : null
  }

  /** Any octet sent counts as a heart-beat for the peer. */
  sent() {
    this.sendTimer?.refresh()
  }

  /** Any octet received proves the client alive (spec: "any new data"). */
  received() {
    this.silenceTimer?.refresh()
  }

  stop() {
    if (this.sendTimer) clearInterval(this.sendTimer)
    if (this.silenceTimer) clearTimeout(this.silenceTimer)
  }
}
