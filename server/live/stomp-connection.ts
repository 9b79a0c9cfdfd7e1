import { randomUUID } from 'node:crypto'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/availability.ts'
import { HEARTBEAT, StompDecoder, encodeFrame, fitsUnescaped, onOneLine, type StompFrame } from './stomp-codec.ts'
import { topicRequest } from './destinations.ts'
import { HeartbeatTimers, negotiateHeartbeat } from './stomp-heartbeat.ts'
import { CLOSE_GOING_AWAY, CLOSE_NORMAL, CLOSE_PROTOCOL_ERROR, type FrameTransport, type LiveSubscription, type LiveUser, type StompConnectionOptions } from './stomp-types.ts'

/** The spec's client subscribes to one or two topics; more is somebody multiplying the fan-out. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 8

const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0']
const SERVER_NAME = 'plab-practice/1'
/** Frames a spec client may send that this server has no use for. */
const IGNORED_COMMANDS = new Set(['ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT'])

/** Spec "Protocol Negotiation": no accept-version means 1.0; answer the highest version both sides speak. */
function negotiateVersion(acceptVersion: string | undefined): string | null {
  const offered = new Set((acceptVersion ?? '1.0').split(',').map((version) => version.trim()))
  return SUPPORTED_VERSIONS.find((version) => offered.has(version)) ?? null
}

function bearerToken(frame: StompFrame): string | null {
  const header = frame.headers.Authorization ?? frame.headers.authorization
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null
}

/**
 * One client's STOMP 1.2 conversation, independent of the socket under it. Frames are handled strictly in order
 * (authentication and the subscription check are asynchronous), and every refusal follows spec "ERROR": an ERROR
 * frame, then the connection is closed.
 */
export class StompConnection {
  readonly id = randomUUID()
  private readonly decoder = new StompDecoder()
  private readonly subscriptions = new Map<string, LiveSubscription>()
  private state: 'connecting' | 'connected' | 'closed' = 'connecting'
  /** Set once CONNECT is accepted. */
  user: LiveUser | null = null
  private escaping = true
  private heartbeats: HeartbeatTimers | null = null
  private connectTimer: NodeJS.Timeout | undefined
  private revalidation: (() => void) | undefined
  private queue = Promise.resolve()
  private messageCount = 0

  constructor(
    private readonly transport: FrameTransport,
    private readonly options: StompConnectionOptions,
  ) {
    this.connectTimer = setTimeout(() => this.close(CLOSE_PROTOCOL_ERROR, 'No CONNECT frame'), options.connectTimeoutMs).unref()
  }

  /** Bytes from the socket, in any chunking. */
  receive(chunk: Buffer) {
    if (this.state === 'closed') return
    this.heartbeats?.received()
    const { frames, error } = this.decoder.push(chunk)
    for (const frame of frames) this.enqueue(() => this.handle(frame))
    if (error !== null) this.enqueue(() => this.fail(error))
  }

  /**
   * One MESSAGE for a subscription of this connection (spec MESSAGE: subscription, message-id, destination), its
   * JSON body already encoded (once for everyone who hears the same).
   */
  deliver(subscription: LiveSubscription, json: Uint8Array) {
    if (this.state !== 'connected') return
    const messageId = `${this.id}-${++this.messageCount}`
    const headers: Record<string, string> = {
      subscription: subscription.id,
      'message-id': messageId,
      destination: subscription.destination,
      'content-type': 'application/json',
    }
    if (subscription.needsAck) headers.ack = messageId
    this.send(encodeFrame('MESSAGE', headers, json, this.escaping))
  }

  close(code: number, reason: string) {
    if (this.state === 'closed') return
    this.release()
    this.transport.close(code, reason)
  }

  /** The account's access was withdrawn (it was deleted): an ERROR frame saying why, then the socket closes. */
  revoke(message: string) {
    this.enqueue(() => this.fail(message))
  }

  /** The socket is gone, whoever closed it. */
  transportClosed() {
    if (this.state !== 'closed') this.release()
  }

  private release() {
    this.state = 'closed'
    this.stopWaitingForConnect()
    if (this.revalidation) this.options.revalidations.delete(this.revalidation)
    this.heartbeats?.stop()
    for (const subscription of this.subscriptions.values()) this.options.unsubscribed(subscription)
    this.subscriptions.clear()
    this.options.closed(this)
  }

  /** The timer is let go as well as cleared: a connection lasts hours, and 3,000 of them held 3,000 dead timers. */
  private stopWaitingForConnect() {
    clearTimeout(this.connectTimer)
    this.connectTimer = undefined
  }

  private send(data: Buffer) {
    this.transport.send(data)
    this.heartbeats?.sent()
  }

  private enqueue(task: () => Promise<void> | void) {
    this.queue = this.queue
      .then(() => (this.state === 'closed' ? undefined : task()))
      .catch((error: unknown) => {
        // Expected while the database restarts: the client is told to try again, and nothing is logged as a fault.
        if (isDatabaseUnavailable(error)) return this.fail(DATABASE_UNAVAILABLE)
        this.options.onError(error)
        this.fail('Internal server error')
      })
  }

  /**
   * Spec "ERROR": a short `message` header, the detail in the body, `receipt-id` when the culprit asked a receipt.
   * A STOMP 1.0 session cannot carry a line break in a header: the message goes on one line, such a receipt is left out.
   */
  private fail(message: string, culprit?: StompFrame, extraHeaders: Record<string, string> = {}) {
    if (this.state === 'closed') return
    const headers: Record<string, string> = { message: this.escaping ? message : onOneLine(message), 'content-type': 'text/plain', ...extraHeaders }
    const receipt = culprit?.headers.receipt
    if (receipt !== undefined && this.canEcho(receipt)) headers['receipt-id'] = receipt
    this.send(encodeFrame('ERROR', headers, message, this.escaping))
    this.close(CLOSE_PROTOCOL_ERROR, message)
  }

  /** Spec RECEIPT: any client frame but CONNECT may ask for one; it is sent once the frame has been processed. */
  private receipt(frame: StompFrame) {
    if (frame.headers.receipt !== undefined) this.send(encodeFrame('RECEIPT', { 'receipt-id': frame.headers.receipt }, '', this.escaping))
  }

  /** Whether a value the client sent can go back in a header (a receipt-id, a MESSAGE's subscription). */
  private canEcho(value: string) {
    return this.escaping || fitsUnescaped(value)
  }

  private async handle(frame: StompFrame) {
    const isConnect = frame.command === 'CONNECT' || frame.command === 'STOMP'
    const { receipt } = frame.headers
    if (!isConnect && receipt !== undefined && !this.canEcho(receipt)) return this.fail('The receipt cannot be sent back: it holds a line break', frame)
    if (this.state === 'connecting' && !isConnect) return this.fail('Not connected: send CONNECT first', frame)
    if (isConnect) return this.state === 'connected' ? this.fail('Already connected', frame) : this.connect(frame)
    if (frame.command === 'SUBSCRIBE') return this.subscribe(frame)
    if (frame.command === 'UNSUBSCRIBE') return this.unsubscribe(frame)
    if (frame.command === 'SEND') return this.sendFrame(frame)
    if (frame.command === 'DISCONNECT') {
      // Spec "Connecting/DISCONNECT": answer the receipt, then close; the client sends nothing after DISCONNECT.
      this.receipt(frame)
      return this.close(CLOSE_NORMAL, 'Disconnected')
    }
    if (IGNORED_COMMANDS.has(frame.command)) return this.receipt(frame)
    return this.fail(`Unknown command ${frame.command}`, frame)
  }

  private async connect(frame: StompFrame) {
    const version = negotiateVersion(frame.headers['accept-version'])
    if (!version) return this.fail(`Supported protocol versions are ${SUPPORTED_VERSIONS.join(',')}`, frame, { version: SUPPORTED_VERSIONS.join(',') })
    const heartbeat = negotiateHeartbeat(frame.headers['heart-beat'], this.options.heartbeat)
    if (!heartbeat) return this.fail('Invalid heart-beat header', frame)
    const token = bearerToken(frame)
    const user = token ? await this.options.authenticate(token) : null
    if (this.state === 'closed') return
    if (!user) return this.fail('Authentication required', frame)
    if (!this.options.admit(user)) return this.fail('Too many live connections for this account: close another tab and try again', frame)
    this.user = user
    this.state = 'connected'
    this.revalidation = () => this.enqueue(() => this.revalidate(token!))
    this.options.revalidations.add(this.revalidation)
    this.escaping = this.decoder.escaping = version !== '1.0'
    this.stopWaitingForConnect()
    const { send, receive } = this.options.heartbeat
    this.send(encodeFrame('CONNECTED', { version, 'heart-beat': `${send},${receive}`, server: SERVER_NAME, session: this.id }))
    this.heartbeats = new HeartbeatTimers(
      heartbeat,
      () => this.send(HEARTBEAT),
      () => this.close(CLOSE_GOING_AWAY, 'No heart-beat from the client'),
    )
  }

  private async revalidate(token: string) {
    if (this.state !== 'connected') return
    let user: LiveUser | null
    try {
      user = await this.options.authenticate(token)
    } catch (error) {
      // The database is away: the check waits for the next round rather than dropping every live client.
      if (isDatabaseUnavailable(error)) return
      throw error
    }
    if (!user && this.state === 'connected') this.fail('Your session has expired. Please sign in again.')
  }

  private async subscribe(frame: StompFrame) {
    const { id, destination } = frame.headers
    if (!id || !destination) return this.fail('SUBSCRIBE needs id and destination headers', frame)
    // Every MESSAGE echoes the id: one that could not be sent would fail each delivery.
    if (!this.canEcho(id)) return this.fail('The subscription id cannot be sent back: it holds a line break', frame)
    if (this.subscriptions.has(id)) return this.fail(`Subscription id ${id} is already in use`, frame)
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return this.fail('Too many subscriptions on one connection', frame)
    const request = topicRequest(destination)
    if (!request) return this.fail(`Unknown destination ${destination}`, frame)
    const user = this.user as LiveUser
    // Spec SUBSCRIBE: if the server cannot create the subscription it MUST send ERROR and close the connection.
    const grant = await this.options.authorise(user, request)
    if (this.state === 'closed') return
    if (grant === null) return this.fail('Access denied', frame)
    const ack = frame.headers.ack ?? 'auto'
    const subscription: LiveSubscription = {
      connection: this,
      id,
      destination,
      topic: grant.topic,
      grantedAtVersion: grant.version,
      user,
      needsAck: ack !== 'auto',
    }
    this.subscriptions.set(id, subscription)
    this.options.subscribed(subscription)
    this.receipt(frame)
  }

  /** Spec SEND: a refused one (a signal the server does not allow) gets ERROR and reaches nobody. */
  private async sendFrame(frame: StompFrame) {
    const refusal = await this.options.received(this.user as LiveUser, frame)
    if (this.state === 'closed') return
    if (refusal !== null) return this.fail(refusal, frame)
    this.receipt(frame)
  }

  private unsubscribe(frame: StompFrame) {
    const id = frame.headers.id
    if (!id) return this.fail('UNSUBSCRIBE needs an id header', frame)
    const subscription = this.subscriptions.get(id)
    if (subscription) {
      this.subscriptions.delete(id)
      this.options.unsubscribed(subscription)
    }
    this.receipt(frame)
  }
}
