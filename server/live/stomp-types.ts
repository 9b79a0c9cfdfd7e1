import type { PeriodicRound } from './periodic-round.ts'
import type { StompFrame } from './stomp-codec.ts'
import type { LiveTopic, TopicRequest } from './destinations.ts'
import type { StompConnection } from './stomp-connection.ts'
import type { HeartbeatSettings } from './stomp-heartbeat.ts'

/** What a STOMP connection (stomp-connection.ts) works with: who, over what socket, hearing what, told what. */

export interface LiveUser {
  userId: number
  name: string
}

/** What one connection needs from its socket; plain WebSocket and SockJS differ only in how they frame this. */
export interface FrameTransport {
  send(data: Buffer): void
  /** Closes after the data already sent; the transport then calls transportClosed(). */
  close(code: number, reason: string): void
}

export interface LiveSubscription {
  connection: StompConnection
  id: string
  /** As the client wrote it: MESSAGE frames echo it back. */
  destination: string
  /** What it hears, with the session's stored code whatever spelling the client used. */
  topic: LiveTopic
  user: LiveUser
  /** Spec MESSAGE: a subscription in client or client-individual ack mode gets an `ack` header on each message. */
  needsAck: boolean
  /** The session's version when the subscription was granted: it hears the commits after it. */
  grantedAtVersion: number
}

/** A SUBSCRIBE allowed: the topic it hears, and the session's version read at that moment (0 for the board). */
export interface SubscriptionGrant {
  topic: LiveTopic
  version: number
}

export interface StompConnectionOptions {
  authenticate(token: string): Promise<LiveUser | null>
  /** Whether this user may hear the topic asked for, and as what; null refuses it (hub.ts: one authoriser per kind). */
  authorise(user: LiveUser, request: TopicRequest): Promise<SubscriptionGrant | null>
  /** A SEND: why it is refused (the connection then gets ERROR and closes), or null once it is handled or ignored. */
  received(user: LiveUser, frame: StompFrame): Promise<string | null>
  /** Whether this user may open one more connection (a cap per account, so one account cannot exhaust the server). */
  admit(user: LiveUser): boolean
  subscribed(subscription: LiveSubscription): void
  unsubscribed(subscription: LiveSubscription): void
  closed(connection: StompConnection): void
  onError(error: unknown): void
  heartbeat: HeartbeatSettings
  /** A socket that has not sent a valid CONNECT by then is dropped, so idle sockets cost nothing for long. */
  connectTimeoutMs: number
  /**
   * How often the CONNECT token is checked again: a token that expired, or was cut by a password or role change
   * or a deleted account, must not keep a live subscription for as long as the socket stays up. Each connection
   * adds its check once connected.
   */
  revalidations: PeriodicRound
}

export const CLOSE_NORMAL = 1000
export const CLOSE_GOING_AWAY = 1001
export const CLOSE_PROTOCOL_ERROR = 1002
/** RFC 6455 registry: "Service Restart", the client should reconnect (to this or another instance). */
export const CLOSE_SERVICE_RESTART = 1012
