import { signalQueueDestination, signalSendDestination, type OutgoingSignal } from '../../schemas/rtc.ts'
import { Inbox, rawStompClient } from './live-harness.ts'

/**
 * A participant's call signalling as a browser does it, over a plain WebSocket: connected with a token, subscribed
 * to its signal queue for the session (resolves once the server confirmed it). `received` holds the signals that
 * arrived, parsed; `errors` the ERROR frames' messages.
 */
export async function signalClient(webSocketUrl: string, token: string, code: string) {
  const raw = await rawStompClient(webSocketUrl, ['v12.stomp'])
  const connected = await raw.connect({ Authorization: `Bearer ${token}` })
  if (connected.command !== 'CONNECTED') throw new Error(`not connected: ${connected.headers.message}`)
  const received = new Inbox<Record<string, unknown>>()
  const errors = new Inbox<string>()
  const receipts = new Inbox<string>()
  raw.socket.on('message', () => {
    // The raw client's inbox holds every frame; they are sorted here as they come.
    for (;;) {
      const frame = raw.frames.items[sorted]
      if (!frame) break
      sorted += 1
      if (frame.command === 'MESSAGE') received.push(JSON.parse(frame.body.toString()))
      else if (frame.command === 'ERROR') errors.push(frame.headers.message)
      else if (frame.command === 'RECEIPT') receipts.push(frame.headers['receipt-id'])
    }
  })
  let sorted = 0
  let receiptCount = 0
  raw.send(`SUBSCRIBE\nid:signals\ndestination:${signalQueueDestination(code)}\nreceipt:subscribed\n\n\0`)
  await receipts.next(5000)
  return {
    received,
    errors,
    closed: raw.closed,
    /** Sends a signal (or any body); with `confirmed`, waits for the server's receipt. */
    async send(signal: OutgoingSignal | string, options: { confirmed?: boolean; destination?: string } = {}) {
      const body = typeof signal === 'string' ? signal : JSON.stringify(signal)
      const receipt = options.confirmed ? `receipt:r${++receiptCount}\n` : ''
      raw.send(`SEND\ndestination:${options.destination ?? signalSendDestination(code)}\ncontent-type:application/json\n${receipt}\n${body}\0`)
      if (options.confirmed) await receipts.next(5000)
    },
    close: () => raw.socket.close(),
  }
}

/** A small signal from one participant to another. */
export const candidateFor = (to: number, n = 0): Extract<OutgoingSignal, { kind: 'candidate' }> => ({
  kind: 'candidate',
  to,
  peer: 'test-peer',
  candidate: { candidate: `candidate:${n} 1 udp 2122260223 192.0.2.1 5000${n % 10} typ host`, sdpMid: '0', sdpMLineIndex: 0 },
})
