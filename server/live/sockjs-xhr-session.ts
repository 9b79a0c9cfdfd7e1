import { closeFrame, messagesFrame } from './sockjs-transport.ts'
import type { StompConnection } from './stomp-connection.ts'
import { CLOSE_GOING_AWAY } from './stomp-types.ts'
import type { OpenConnection } from './websocket-transport.ts'

/** A request that receives frames: a stream keeps writing; a poll answers with one frame and ends. */
export interface Receiver {
  /** Writes one SockJS frame; false when this receiver is done after it (a poll, a stream at its byte limit). */
  write(frame: string): boolean
  end(): void
}

export interface XhrSessionSettings {
  /** SockJS `h` frames while a receiver waits, so proxies do not drop an idle request. */
  heartbeatMs: number
  /** How long a session lives with no receiving request before it is taken as gone (sockjs-node: 5 s). */
  disconnectDelayMs: number
  /** Frames held for a client that does not come back to collect them; beyond this it is dropped. */
  maxQueuedBytes: number
}

const ANOTHER_CONNECTION_OPEN = closeFrame(2010, 'Another connection still open')

/** Sends one last frame and ends the request. */
function finish(receiver: Receiver, frame: string) {
  receiver.write(frame)
  receiver.end()
}

/**
 * One SockJS session over HTTP requests (sockjs-protocol 0.3.3): frames wait in a queue until a receiving
 * request takes them; at most one receiver at a time; a session with no receiver for `disconnectDelayMs` is
 * gone. A closed session answers every later request with its close frame until it is forgotten, one disconnect
 * delay after it closed.
 */
export class XhrSession {
  readonly connection: StompConnection
  private queue: string[] = []
  private queuedBytes = 0
  private receiver: Receiver | null = null
  private closeFrame: string | null = null
  private heartbeatTimer: NodeJS.Timeout | undefined
  private orphanTimer: NodeJS.Timeout | undefined
  private expired = false

  constructor(
    open: OpenConnection,
    private readonly settings: XhrSessionSettings,
    private readonly forget: () => void,
  ) {
    this.connection = open({
      send: (data) => this.enqueue(data.toString('utf8')),
      close: (code, reason) => this.close(code, reason),
    })
    this.forgetAfterDisconnectDelay()
  }

  get isClosed(): boolean {
    return this.closeFrame !== null
  }

  /** A receiving request arrived; `opening` when it created the session (it then carries the `o` frame). */
  attach(receiver: Receiver, opening: boolean) {
    if (this.receiver) return finish(receiver, ANOTHER_CONNECTION_OPEN)
    if (!this.closeFrame) clearTimeout(this.orphanTimer)
    this.receiver = receiver
    this.heartbeatTimer = setInterval(() => this.deliver('h'), this.settings.heartbeatMs).unref()
    if (opening) this.deliver('o')
    // Frames sent just before a close (an ERROR saying why) go out first; a poll takes the close frame next time.
    this.flush()
    if (this.closeFrame) this.finishWithClose()
  }

  /** The receiving request ended or its client went away: the next one has `disconnectDelayMs` to come. */
  detach(receiver: Receiver) {
    if (this.receiver !== receiver) return
    this.receiver = null
    clearInterval(this.heartbeatTimer)
    if (!this.closeFrame) this.forgetAfterDisconnectDelay()
  }

  /** Ends this receiver if it is still the session's (a stream that has been open long enough). */
  release(receiver: Receiver) {
    if (this.receiver !== receiver) return
    this.detach(receiver)
    receiver.end()
  }

  /** STOMP bytes the client sent (xhr_send). */
  receive(parts: Buffer[]) {
    for (const part of parts) this.connection.receive(part)
  }

  /** Closes every request and forgets the session (server shutdown, or nobody came back). */
  expire() {
    if (this.expired) return
    this.expired = true
    clearTimeout(this.orphanTimer)
    clearInterval(this.heartbeatTimer)
    const receiver = this.receiver
    this.receiver = null
    receiver?.end()
    this.forget()
    this.connection.transportClosed()
  }

  private enqueue(frame: string) {
    if (this.closeFrame) return
    this.queue.push(frame)
    this.queuedBytes += Buffer.byteLength(frame)
    // A client that stopped collecting while the room kept talking: it re-reads the session when it reconnects.
    if (this.queuedBytes > this.settings.maxQueuedBytes) {
      this.queue = []
      this.queuedBytes = 0
      return this.connection.close(CLOSE_GOING_AWAY, 'Too far behind')
    }
    this.flush()
  }

  private flush() {
    if (!this.receiver || this.queue.length === 0) return
    const frame = messagesFrame(this.queue)
    this.queue = []
    this.queuedBytes = 0
    this.deliver(frame)
  }

  private deliver(frame: string) {
    const receiver = this.receiver
    if (receiver && !receiver.write(frame)) this.release(receiver)
  }

  private close(code: number, reason: string) {
    if (this.closeFrame) return
    this.closeFrame = closeFrame(code, reason)
    this.forgetAfterDisconnectDelay()
    this.flush()
    this.finishWithClose()
  }

  private forgetAfterDisconnectDelay() {
    clearTimeout(this.orphanTimer)
    this.orphanTimer = setTimeout(() => this.expire(), this.settings.disconnectDelayMs).unref()
  }

  private finishWithClose() {
    const receiver = this.receiver
    if (!receiver || !this.closeFrame) return
    this.detach(receiver)
    finish(receiver, this.closeFrame)
  }
}
