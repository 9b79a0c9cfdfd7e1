import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type {} from '../accounts/auth-plugin.ts'
import { PresenceTracker, type PresenceListener } from './presence.ts'
import { registerSockJsTransport, SOCKJS_HEARTBEAT_MS } from './sockjs-transport.ts'
import { DEFAULT_DISCONNECT_DELAY_MS, DEFAULT_STREAM_MAX_AGE_MS, registerSockJsXhrTransports } from './sockjs-xhr.ts'
import { CLOSE_GOING_AWAY, StompConnection, type FrameTransport, type LiveSubscription, type StompConnectionOptions } from './stomp-connection.ts'
import type { HeartbeatSettings } from './stomp-heartbeat.ts'
import { chooseStompSubprotocol, DEFAULT_PING_INTERVAL_MS, MAX_SOCKET_MESSAGE_BYTES, registerWebSocketTransport } from './websocket-transport.ts'

export interface LiveHub {
  /** Sends one MESSAGE to every live subscriber of /topic/session/{code}, with a body rendered per user (null = skip that user). */
  publish(sessionCode: string, render: (userId: number) => unknown | null): void
  /** Whether the user has a live subscription to the session now, or lost it less than the grace period ago. */
  isOnline(sessionCode: string, userId: number): boolean
  /** Called when a user's presence in a session changes (after the grace period for going offline). */
  onPresence(listener: (change: { sessionCode: string; userId: number; online: boolean }) => void): () => void
  /** Closes every live connection (server shutdown). */
  close(): Promise<void>
}

export interface LiveOptions {
  /** The session's stored code when this user may hear `/topic/session/{requestedCode}`, else null. */
  authoriseSubscription(userId: number, requestedCode: string): Promise<string | null>
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

/**
 * The live channel: STOMP 1.2 over SockJS (WebSocket, or its xhr fallbacks) and plain WebSocket at /ws, with
 * CONNECT authenticated by the bearer token and SUBSCRIBE limited to what `authoriseSubscription` allows.
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions): Promise<LiveHub> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES, handleProtocols: chooseStompSubprotocol } })
  }
  const hub = new SubscriptionHub(app, options)
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  registerWebSocketTransport(app, hub.open, pingIntervalMs)
  const sockJsHeartbeatMs = options.sockJsHeartbeatMs ?? SOCKJS_HEARTBEAT_MS
  registerSockJsTransport(app, hub.open, sockJsHeartbeatMs, pingIntervalMs)
  registerSockJsXhrTransports(app, hub.open, {
    heartbeatMs: sockJsHeartbeatMs,
    disconnectDelayMs: options.sockJsDisconnectDelayMs ?? DEFAULT_DISCONNECT_DELAY_MS,
    streamMaxAgeMs: options.sockJsStreamMaxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS,
  })
  app.addHook('onClose', () => hub.close())
  return hub
}

class SubscriptionHub implements LiveHub {
  private readonly connections = new Set<StompConnection>()
  /** Subscriptions by session code, both /topic/session/{code} and its /messages sub-topic. */
  private readonly bySession = new Map<string, Set<LiveSubscription>>()
  private readonly presence: PresenceTracker
  private readonly connectionOptions: StompConnectionOptions
  private closed = false

  constructor(app: FastifyInstance, options: LiveOptions) {
    const logError = (error: unknown) => app.log.error({ err: error }, 'live channel error')
    this.presence = new PresenceTracker(options.presenceGraceMs ?? DEFAULT_PRESENCE_GRACE_MS, logError)
    this.connectionOptions = {
      authenticate: async (token) => {
        const user = await app.userFromToken(token)
        return user && { userId: user.id, name: user.name }
      },
      authoriseSubscription: options.authoriseSubscription,
      admit: (user) => this.connectionsOf(user.userId) < MAX_CONNECTIONS_PER_USER,
      subscribed: (subscription) => this.subscribed(subscription),
      unsubscribed: (subscription) => this.unsubscribed(subscription),
      closed: (connection) => this.connections.delete(connection),
      onError: logError,
      heartbeat: options.heartbeat ?? DEFAULT_HEARTBEAT,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      revalidateMs: options.revalidateMs ?? DEFAULT_REVALIDATE_MS,
    }
  }

  readonly open = (transport: FrameTransport): StompConnection => {
    const connection = new StompConnection(transport, this.connectionOptions)
    this.connections.add(connection)
    if (this.closed) connection.close(CLOSE_GOING_AWAY, 'Server shutting down')
    return connection
  }

  publish(sessionCode: string, render: (userId: number) => unknown | null) {
    const subscriptions = this.bySession.get(sessionCode)
    if (!subscriptions) return
    // One rendering per user, however many tabs they have open.
    const bodies = new Map<number, string | null>()
    for (const subscription of subscriptions) {
      if (subscription.isMessagesTopic) continue
      const { userId } = subscription.user
      let body = bodies.get(userId)
      if (body === undefined) {
        const rendered = render(userId)
        body = rendered === null || rendered === undefined ? null : JSON.stringify(rendered)
        bodies.set(userId, body)
      }
      if (body !== null) subscription.connection.deliver(subscription, body)
    }
  }

  isOnline(sessionCode: string, userId: number) {
    return this.presence.isOnline(sessionCode, userId)
  }

  onPresence(listener: PresenceListener) {
    return this.presence.onChange(listener)
  }

  async close() {
    this.closed = true
    for (const connection of [...this.connections]) connection.close(CLOSE_GOING_AWAY, 'Server shutting down')
    this.presence.clear()
  }

  private connectionsOf(userId: number): number {
    let count = 0
    for (const connection of this.connections) if (connection.user?.userId === userId) count += 1
    return count
  }

  private subscribed(subscription: LiveSubscription) {
    let subscriptions = this.bySession.get(subscription.sessionCode)
    if (!subscriptions) this.bySession.set(subscription.sessionCode, (subscriptions = new Set()))
    subscriptions.add(subscription)
    this.presence.join(subscription.sessionCode, subscription.user.userId)
  }

  private unsubscribed(subscription: LiveSubscription) {
    const subscriptions = this.bySession.get(subscription.sessionCode)
    subscriptions?.delete(subscription)
    if (subscriptions?.size === 0) this.bySession.delete(subscription.sessionCode)
    // After close() the presence state is cleared and nobody is told about the shutdown.
    if (!this.closed) this.presence.leave(subscription.sessionCode, subscription.user.userId)
  }
}
