import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { PeriodicRound } from './periodic-round.ts'
import { PresenceTracker, type PresenceListener } from './presence.ts'
import { signalRelay, type RelayedSignal, type SignalParties } from './signals.ts'
import { registerSockJsTransport, SOCKJS_HEARTBEAT_MS } from './sockjs-transport.ts'
import { DEFAULT_DISCONNECT_DELAY_MS, DEFAULT_STREAM_MAX_AGE_MS, registerSockJsXhrTransports } from './sockjs-xhr.ts'
import { BOARD_KEY, sessionKey, topicAuthorisers, topicKey, type SessionAccess } from './destinations.ts'
import type { LiveHub, Rendering } from './live-hub.ts'

import { StompConnection } from './stomp-connection.ts'
import { CLOSE_SERVICE_RESTART, type FrameTransport, type LiveSubscription, type LiveUser, type StompConnectionOptions } from './stomp-types.ts'
import type { HeartbeatSettings } from './stomp-heartbeat.ts'
import { chooseStompSubprotocol, DEFAULT_PING_INTERVAL_MS, MAX_SOCKET_MESSAGE_BYTES, onSocketError, registerWebSocketTransport } from './websocket-transport.ts'

export interface LiveOptions {
  /** Who a CONNECT's bearer token signs in, or null (the accounts area's token check). */
  authenticate(token: string): Promise<LiveUser | null>
  /** Whether this user is in the session the code names (as the client spelt it): its stored code and version, else null. */
  sessionAccess(userId: number, requestedCode: string): Promise<SessionAccess | null>
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
 * CONNECT authenticated by the bearer token and SUBSCRIBE limited by each topic's authoriser (`topicAuthorisers`).
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
    // Errors before the socket is served (a throw in the handler); serveStompOverSocket listens from then on.
    errorHandler: (error: Error, socket: WebSocket, request: FastifyRequest) => onSocketError(error, socket, request.log),
  })
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const sockJsHeartbeatMs = options.sockJsHeartbeatMs ?? SOCKJS_HEARTBEAT_MS
  await app.register(async (live) => {
    // Before any transport answers, and before a WebSocket upgrade: a refused page gets no socket at all.
    live.addHook('onRequest', async (request, reply) => {
      if (!options.acceptOrigin(request)) return reply.code(403).send({ error: 'This origin may not use the live channel' })
    })
    const pings = new PeriodicRound(pingIntervalMs)
    registerWebSocketTransport(live, hub.open, pings)
    registerSockJsTransport(live, hub.open, { heartbeats: new PeriodicRound(sockJsHeartbeatMs), pings })
    registerSockJsXhrTransports(live, hub.open, {
      heartbeatMs: sockJsHeartbeatMs,
      disconnectDelayMs: options.sockJsDisconnectDelayMs ?? DEFAULT_DISCONNECT_DELAY_MS,
      streamMaxAgeMs: options.sockJsStreamMaxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS,
    })
  })
  return hub
}

class SubscriptionHub implements LiveHub {
  private readonly connections = new Set<StompConnection>()
  /** Signed-in connections per account, kept as they open and close: a reconnect storm must not walk them all. */
  private readonly connectionsPerUser = new Map<number, number>()
  /** Subscriptions by session code: /topic/session/{code}, its /messages sub-topic, and the signal queues. */
  /** Subscriptions by topicKey: a session's (room, sub-topic, signals, told apart by kind), or the board's. */
  private readonly byTopic = new Map<string, Set<LiveSubscription>>()
  private readonly presence: PresenceTracker
  private readonly signalListeners = new Set<(signal: RelayedSignal) => void>()
  private readonly connectionOptions: StompConnectionOptions
  private closed = false

  constructor(app: FastifyInstance, options: LiveOptions) {
    const logError = (error: unknown) => app.log.error({ err: error }, 'live channel error')
    this.presence = new PresenceTracker(options.presenceGraceMs ?? DEFAULT_PRESENCE_GRACE_MS, logError)
    const authorisers = topicAuthorisers(options)
    this.connectionOptions = {
      authenticate: options.authenticate,
      // Each kind's own authoriser; the cast pairs a request with the authoriser of its kind.
      authorise: (user, request) => authorisers[request.kind](user, request as never),
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
      revalidations: new PeriodicRound(options.revalidateMs ?? DEFAULT_REVALIDATE_MS),
    }
  }

  readonly open = (transport: FrameTransport): StompConnection => {
    const connection = new StompConnection(transport, this.connectionOptions)
    this.connections.add(connection)
    if (this.closed) connection.close(CLOSE_SERVICE_RESTART, SHUTDOWN_REASON)
    return connection
  }

  publish<A>(sessionCode: string, message: Rendering<A>, version: number | null) {
    const subscriptions = this.byTopic.get(sessionKey(sessionCode))
    if (!subscriptions) return
    const bodies = new Map<A, Buffer>()
    for (const subscription of subscriptions) {
      if (subscription.topic.kind !== 'room') continue
      if (version !== null && version <= subscription.grantedAtVersion) continue
      const audience = message.audienceOf(subscription.user.userId)
      if (audience === null) continue
      let body = bodies.get(audience)
      if (body === undefined) bodies.set(audience, (body = Buffer.from(JSON.stringify(message.render(audience)), 'utf8')))
      subscription.connection.deliver(subscription, body)
    }
  }

  publishToBoard(message: unknown) {
    let json: Buffer | undefined
    for (const subscription of this.byTopic.get(BOARD_KEY) ?? []) subscription.connection.deliver(subscription, (json ??= Buffer.from(JSON.stringify(message), 'utf8')))
  }

  deliverSignal({ sessionCode, to, body }: RelayedSignal) {
    let json: Buffer | undefined
    for (const subscription of this.byTopic.get(sessionKey(sessionCode)) ?? []) {
      if (subscription.topic.kind !== 'signals' || subscription.user.userId !== to) continue
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
    const { topic } = subscription
    const key = topicKey(topic)
    let subscriptions = this.byTopic.get(key)
    if (!subscriptions) this.byTopic.set(key, (subscriptions = new Set()))
    subscriptions.add(subscription)
    // Watching the board is not being in a room.
    if (topic.kind !== 'board') this.presence.join(topic.sessionCode, subscription.user.userId)
  }

  private unsubscribed(subscription: LiveSubscription) {
    const { topic } = subscription
    const key = topicKey(topic)
    const subscriptions = this.byTopic.get(key)
    subscriptions?.delete(subscription)
    if (subscriptions?.size === 0) this.byTopic.delete(key)
    // After close() the presence state is cleared and nobody is told about the shutdown.
    if (!this.closed && topic.kind !== 'board') this.presence.leave(topic.sessionCode, subscription.user.userId)
  }
}
