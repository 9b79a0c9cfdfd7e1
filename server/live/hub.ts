import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { PresenceTracker, type PresenceListener } from './presence.ts'
import { signalRelay, type RelayedSignal, type SignalParties } from './signals.ts'
import { registerSockJsTransport, SOCKJS_HEARTBEAT_MS } from './sockjs-transport.ts'
import { DEFAULT_DISCONNECT_DELAY_MS, DEFAULT_STREAM_MAX_AGE_MS, registerSockJsXhrTransports } from './sockjs-xhr.ts'
import { BOARD_KEY, CLOSE_SERVICE_RESTART, StompConnection, type FrameTransport, type LiveSubscription, type LiveUser, type StompConnectionOptions, type SubscriptionGrant } from './stomp-connection.ts'
import type { HeartbeatSettings } from './stomp-heartbeat.ts'
import { chooseStompSubprotocol, DEFAULT_PING_INTERVAL_MS, MAX_SOCKET_MESSAGE_BYTES, registerWebSocketTransport } from './websocket-transport.ts'

export interface LiveHub {
  /**
   * Sends one MESSAGE to every live subscriber of /topic/session/{code} that is in the message's audience, with
   * the body of their audience: each body is rendered and encoded once, however many sockets receive it.
   * `version` is the commit the message tells of (null for news that is no commit, like presence): a subscription
   * granted at or after it skips it, since its client reads the session after subscribing (another instance's
   * commit can reach this one late).
   */
  publish<A>(sessionCode: string, message: Rendering<A>, version: number | null): void
  /** Whether the user has a live subscription to the session now, or lost it less than the grace period ago. */
  isOnline(sessionCode: string, userId: number): boolean
  /** Called when a user's presence in a session changes (after the grace period for going offline). */
  onPresence(listener: (change: { sessionCode: string; userId: number; online: boolean }) => void): () => void
  /** Sends a signal to the addressee's signal subscriptions on this instance. */
  deliverSignal(signal: RelayedSignal): void
  /** Called with each signal accepted on this instance (after its local delivery), to reach the other instances. */
  onSignal(listener: (signal: RelayedSignal) => void): () => void
  /** Closes every live connection, telling each client to reconnect (server shutdown). */
  close(): Promise<void>
  /**
   * Closes this instance's connections of one account at once, with an ERROR frame giving the reason (a deleted
   * account). Other instances cut theirs at their next token check (revalidateMs).
   */
  disconnectUser(userId: number, reason: string): void
}

/** A message whose body depends on who receives it, in as many versions as there are audiences. */
export interface Rendering<A> {
  /** Which version the user hears (users of one audience hear the same body), or null to skip them. */
  audienceOf(userId: number): A | null
  render(audience: A): unknown
}

/** A message every subscriber hears alike. */
export const toEveryone = (body: unknown): Rendering<true> => ({ audienceOf: () => true, render: () => body })

export interface LiveOptions {
  /** Who a CONNECT's bearer token signs in, or null (the accounts area's token check). */
  authenticate(token: string): Promise<LiveUser | null>
  /** What this user may hear of `/topic/session/{requestedCode}`, else null. */
  authoriseSubscription(userId: number, requestedCode: string): Promise<SubscriptionGrant | null>
  /** Which of the users are active participants of the running session the code names (a signal's check). */
  signalParties(requestedCode: string, userIds: number[]): Promise<SignalParties | null>
  /** The clock of the signals' rate limit (default Date.now). */
  now?: () => number
  /** Whether a page from the request's Origin may use the live channel (cors.ts); others are answered 403. */
  acceptOrigin(request: FastifyRequest): boolean
  presenceGraceMs?: number
  /** The server's heart-beat `sx,sy`; the spec's clients ask 4000,4000 or 10000,10000. */
  heartbeat?: HeartbeatSettings
  /** How often a socket is pinged; one that has not answered the previous ping by the next is dropped. */
  pingIntervalMs?: number
  connectTimeoutMs?: number
  revalidateMs?: number
  sockJsHeartbeatMs?: number
  /** How long an xhr-transport session waits for its next receiving request before it is taken as gone. */
  sockJsDisconnectDelayMs?: number
  /** How long one xhr_streaming response stays open before the client is made to open the next. */
  sockJsStreamMaxAgeMs?: number
}

export const DEFAULT_PRESENCE_GRACE_MS = 5000
/**
 * The server beats when the client asks it to, but asks none back (sy = 0): a browser throttles timers in
 * background tabs, so its STOMP heart-beats may come a minute apart; WebSocket pings find dead peers instead.
 */
export const DEFAULT_HEARTBEAT: HeartbeatSettings = { send: 10_000, receive: 0 }
/** Tabs and devices one account may have connected at once. */
export const MAX_CONNECTIONS_PER_USER = 10
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
const DEFAULT_REVALIDATE_MS = 60_000
const SHUTDOWN_REASON = 'Server restarting: please reconnect'

/**
 * The live channel: STOMP 1.2 over SockJS (WebSocket, or its xhr fallbacks) and plain WebSocket at /ws, with
 * CONNECT authenticated by the bearer token and SUBSCRIBE limited to what `authoriseSubscription` allows.
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions): Promise<LiveHub> {
  const hub = new SubscriptionHub(app, options)
  // Shutting down, every live client is told to reconnect before the server waits for requests in flight: open
  // sockets and xhr streams would otherwise hold that wait, and the clients can move to another instance at once.
  // (The plugin's own preClose would close each WebSocket with no code and no reason.)
  await app.register(websocket, {
    options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES, handleProtocols: chooseStompSubprotocol },
    // Whatever happens closing the sockets, the shutdown goes on (else it would wait for the forced exit).
    preClose: (done) => void hub.close().catch((error) => app.log.warn({ err: error }, 'closing the live connections failed')).finally(() => done()),
    errorHandler: onSocketError,
  })
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const sockJsHeartbeatMs = options.sockJsHeartbeatMs ?? SOCKJS_HEARTBEAT_MS
  await app.register(async (live) => {
    // Before any transport answers, and before a WebSocket upgrade: a refused page gets no socket at all.
    live.addHook('onRequest', async (request, reply) => {
      if (!options.acceptOrigin(request)) return reply.code(403).send({ error: 'This origin may not use the live channel' })
    })
    registerWebSocketTransport(live, hub.open, pingIntervalMs)
    registerSockJsTransport(live, hub.open, sockJsHeartbeatMs, pingIntervalMs)
    registerSockJsXhrTransports(live, hub.open, {
      heartbeatMs: sockJsHeartbeatMs,
      disconnectDelayMs: options.sockJsDisconnectDelayMs ?? DEFAULT_DISCONNECT_DELAY_MS,
      streamMaxAgeMs: options.sockJsStreamMaxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS,
    })
  })
  return hub
}

/**
 * A peer that breaks the WebSocket protocol or its limits (an oversized message) is ws's to close, with the code
 * that says why (1009 for a message too large): a warning on one line, not a stack. Anything else is ours.
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest) {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) return request.log.warn(`live socket closed: ${error.message}`)
  request.log.error({ err: error }, 'live socket error')
  socket.terminate()
}

class SubscriptionHub implements LiveHub {
  private readonly connections = new Set<StompConnection>()
  /** Signed-in connections per account, kept as they open and close: a reconnect storm must not walk them all. */
  private readonly connectionsPerUser = new Map<number, number>()
  /** Subscriptions by session code: /topic/session/{code}, its /messages sub-topic, and the signal queues. */
  private readonly bySession = new Map<string, Set<LiveSubscription>>()
  private readonly presence: PresenceTracker
  private readonly signalListeners = new Set<(signal: RelayedSignal) => void>()
  private readonly connectionOptions: StompConnectionOptions
  private closed = false

  constructor(app: FastifyInstance, options: LiveOptions) {
    const logError = (error: unknown) => app.log.error({ err: error }, 'live channel error')
    this.presence = new PresenceTracker(options.presenceGraceMs ?? DEFAULT_PRESENCE_GRACE_MS, logError)
    this.connectionOptions = {
      authenticate: options.authenticate,
      authoriseSubscription: options.authoriseSubscription,
      received: signalRelay({
        signalParties: options.signalParties,
        now: options.now ?? Date.now,
        deliver: (signal) => {
          this.deliverSignal(signal)
          for (const listener of this.signalListeners) listener(signal)
        },
      }),
      admit: (user) => this.admit(user.userId),
      subscribed: (subscription) => this.subscribed(subscription),
      unsubscribed: (subscription) => this.unsubscribed(subscription),
      closed: (connection) => {
        this.connections.delete(connection)
        if (connection.user) this.released(connection.user.userId)
      },
      onError: logError,
      heartbeat: options.heartbeat ?? DEFAULT_HEARTBEAT,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      revalidateMs: options.revalidateMs ?? DEFAULT_REVALIDATE_MS,
    }
  }

  readonly open = (transport: FrameTransport): StompConnection => {
    const connection = new StompConnection(transport, this.connectionOptions)
    this.connections.add(connection)
    if (this.closed) connection.close(CLOSE_SERVICE_RESTART, SHUTDOWN_REASON)
    return connection
  }

  publish<A>(sessionCode: string, message: Rendering<A>, version: number | null) {
    const subscriptions = this.bySession.get(sessionCode)
    if (!subscriptions) return
    const bodies = new Map<A, Buffer>()
    for (const subscription of subscriptions) {
      if (subscription.kind !== 'room' && subscription.kind !== 'board') continue
      if (version !== null && version <= subscription.grantedAtVersion) continue
      const audience = message.audienceOf(subscription.user.userId)
      if (audience === null) continue
      let body = bodies.get(audience)
      if (body === undefined) bodies.set(audience, (body = Buffer.from(JSON.stringify(message.render(audience)), 'utf8')))
      subscription.connection.deliver(subscription, body)
    }
  }

  deliverSignal({ sessionCode, to, body }: RelayedSignal) {
    let json: Buffer | undefined
    for (const subscription of this.bySession.get(sessionCode) ?? []) {
      if (subscription.kind !== 'signals' || subscription.user.userId !== to) continue
      subscription.connection.deliver(subscription, (json ??= Buffer.from(JSON.stringify(body), 'utf8')))
    }
  }

  onSignal(listener: (signal: RelayedSignal) => void) {
    this.signalListeners.add(listener)
    return () => this.signalListeners.delete(listener)
  }

  isOnline(sessionCode: string, userId: number) {
    return this.presence.isOnline(sessionCode, userId)
  }

  onPresence(listener: PresenceListener) {
    return this.presence.onChange(listener)
  }

  async close() {
    this.closed = true
    for (const connection of [...this.connections]) connection.close(CLOSE_SERVICE_RESTART, SHUTDOWN_REASON)
    this.presence.clear()
  }

  disconnectUser(userId: number, reason: string) {
    for (const connection of this.connections) if (connection.user?.userId === userId) connection.revoke(reason)
  }

  /** Counts a signed-in connection against its account's limit; false when the account is at the limit. */
  private admit(userId: number): boolean {
    const count = this.connectionsPerUser.get(userId) ?? 0
    if (count >= MAX_CONNECTIONS_PER_USER) return false
    this.connectionsPerUser.set(userId, count + 1)
    return true
  }

  private released(userId: number) {
    const count = this.connectionsPerUser.get(userId)! - 1
    if (count === 0) this.connectionsPerUser.delete(userId)
    else this.connectionsPerUser.set(userId, count)
  }

  private subscribed(subscription: LiveSubscription) {
    let subscriptions = this.bySession.get(subscription.sessionCode)
    if (!subscriptions) this.bySession.set(subscription.sessionCode, (subscriptions = new Set()))
    subscriptions.add(subscription)
    // Watching the board is not being in a room.
    if (subscription.sessionCode !== BOARD_KEY) this.presence.join(subscription.sessionCode, subscription.user.userId)
  }

  private unsubscribed(subscription: LiveSubscription) {
    const subscriptions = this.bySession.get(subscription.sessionCode)
    subscriptions?.delete(subscription)
    if (subscriptions?.size === 0) this.bySession.delete(subscription.sessionCode)
    // After close() the presence state is cleared and nobody is told about the shutdown.
    if (!this.closed && subscription.sessionCode !== BOARD_KEY) this.presence.leave(subscription.sessionCode, subscription.user.userId)
  }
}
