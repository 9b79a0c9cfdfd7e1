import { Client, type IFrame } from '@stomp/stompjs'
import SockJS from 'sockjs-client'
import type { LiveMessage } from '../../schemas/session-live.ts'
import { readLiveMessage } from './live-message.ts'

/**
 * The room's live channel: STOMP over SockJS at /ws (DESIGN.md, live channel), subscribed to the session's
 * topic. A connection is attempted at most 3 times in a row (SPEC section 4); after that the room shows a
 * message with a Retry button. Every successful (re)connection is reported, so the room can re-read the
 * session and miss nothing that happened while it was away.
 */

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed'

export interface LiveHandlers {
  onMessage(message: LiveMessage): void
  onConnected(): void
  onStatus(status: LiveStatus): void
}

export interface LiveConnection {
  retry(): void
  close(): void
}

export const MAX_CONNECTION_ATTEMPTS = 3
const RECONNECT_DELAY_MS = 5000
const HEARTBEAT_MS = 10_000

/** The room's topic: each message is validated against the live message schemas; a malformed one is dropped. */
export function connectLive(code: string, currentToken: () => string | null, handlers: LiveHandlers): LiveConnection {
  return connectTopic(`/topic/session/${code}`, currentToken, {
    onBody(body) {
      const message = readLiveMessage(body)
      if (message) handlers.onMessage(message)
    },
    onConnected: handlers.onConnected,
    onStatus: handlers.onStatus,
  })
}

/** One destination's raw bodies, with the room's connection rules (the board uses it too). */
export interface TopicHandlers extends Omit<LiveHandlers, 'onMessage'> {
  onBody(body: string): void
}

/** `currentToken` is read at every attempt: a reconnect after a password change elsewhere uses the new token. */
export function connectTopic(destination: string, currentToken: () => string | null, handlers: TopicHandlers): LiveConnection {
  let failures = 0
  let connectedThisAttempt = false
  let refusedThisAttempt = false
  let closed = false
  /** Numbers each attempt's SUBSCRIBE receipt. */
  let subscriptions = 0

  const client = new Client({
    webSocketFactory: () => new SockJS('/ws'),
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    reconnectDelay: RECONNECT_DELAY_MS,
    beforeConnect: () => {
      const token = currentToken()
      // Signed out meanwhile (in this tab or another): there is nobody to connect as.
      if (!token) {
        closed = true
        void client.deactivate()
        return
      }
      client.connectHeaders = { Authorization: `Bearer ${token}` }
      connectedThisAttempt = false
      refusedThisAttempt = false
      handlers.onStatus(failures === 0 ? 'connecting' : 'reconnecting')
    },
    onConnect: () => {
      connectedThisAttempt = true
      // The room re-reads the session once the server has granted the subscription: the subscription hears
      // the commits after the version the server granted it at, and that read sees at least those.
      subscriptions += 1
      const receipt = `subscribed-${subscriptions}`
      client.watchForReceipt(receipt, () => {
        handlers.onStatus('connected')
        handlers.onConnected()
      })
      client.subscribe(destination, (frame: IFrame) => handlers.onBody(frame.body), { receipt })
    },
    // The server ends a connection it refuses (an expired token, a subscription it denies) with an ERROR frame,
    // even after CONNECTED. That attempt failed: counting it is what stops an endless reconnect loop.
    onStompError: () => {
      refusedThisAttempt = true
    },
    onWebSocketClose: () => {
      if (closed) return
      // The count is only cleared by a connection that ended without a refusal, not by CONNECTED itself.
      failures = connectedThisAttempt && !refusedThisAttempt ? 0 : failures + 1
      connectedThisAttempt = false
      if (failures >= MAX_CONNECTION_ATTEMPTS) {
        void client.deactivate()
        handlers.onStatus('failed')
      } else {
        handlers.onStatus('reconnecting')
      }
    },
  })
  client.activate()

  return {
    retry() {
      if (closed) return
      failures = 0
      client.activate()
    },
    close() {
      closed = true
      void client.deactivate()
    },
  }
}
