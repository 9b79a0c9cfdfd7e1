import { Client } from '@stomp/stompjs'
import SockJS from 'sockjs-client'
import * as v from 'valibot'
import { IncomingSignalSchema, signalQueueDestination, signalSendDestination, type IncomingSignal, type OutgoingSignal } from '../../../schemas/rtc.ts'

export interface SignallingHandlers {
  onSignal(signal: IncomingSignal): void
  /** Subscribed (again): whatever was sent while away is lost, so the call says hello again. */
  onReady(): void
  /** The server refused a signal (its ERROR's words); the connection starts over by itself. */
  onRefused(reason: string): void
}

export interface Signalling {
  send(signal: OutgoingSignal): void
  close(): void
}

const RECONNECT_DELAY_MS = 1500

/**
 * The call's own live connection, beside the room's: a signal the server refuses closes the connection it came
 * on (STOMP ERROR), and that must never cost the room its messages. Signals go to `/app/session/{code}/signal`;
 * the ones for this user arrive on its queue, checked against the shared schema.
 */
export function connectSignalling(code: string, token: () => string | null, handlers: SignallingHandlers): Signalling {
  const client = new Client({
    webSocketFactory: () => new SockJS('/ws'),
    reconnectDelay: RECONNECT_DELAY_MS,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    beforeConnect: () => {
      const current = token()
      if (!current) return void client.deactivate()
      client.connectHeaders = { Authorization: `Bearer ${current}` }
    },
    onConnect: () => {
      const receipt = `signals-${Date.now()}`
      client.watchForReceipt(receipt, () => handlers.onReady())
      client.subscribe(
        signalQueueDestination(code),
        (frame) => {
          const parsed = v.safeParse(IncomingSignalSchema, safeJson(frame.body))
          if (parsed.success) handlers.onSignal(parsed.output)
        },
        { receipt },
      )
    },
    onStompError: (frame) => handlers.onRefused(frame.headers.message ?? 'The server refused a signal'),
  })
  client.activate()
  return {
    send(signal) {
      // Sent while reconnecting, a signal is dropped: the hello after reconnecting starts the exchange over.
      if (client.connected) client.publish({ destination: signalSendDestination(code), body: JSON.stringify(signal), headers: { 'content-type': 'application/json' } })
    },
    close: () => void client.deactivate(),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
