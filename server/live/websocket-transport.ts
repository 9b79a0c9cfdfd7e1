import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { RawData, WebSocket } from 'ws'
import type { PeriodicRound } from './periodic-round.ts'
import type { StompConnection } from './stomp-connection.ts'
import { CLOSE_PROTOCOL_ERROR, type FrameTransport } from './stomp-types.ts'

export type OpenConnection = (transport: FrameTransport) => StompConnection

/** How one socket message carries STOMP bytes: as they are on plain WebSocket, wrapped in JSON on SockJS. */
export interface SocketFraming {
  encode(data: Buffer): string | Buffer
  /** The STOMP bytes in one inbound message, or null when it is malformed (the connection is then closed). */
  decode(message: Buffer): Buffer[] | null
  /** Sent just before the WebSocket close, for framings that announce it in-band (SockJS `c[code,"reason"]`). */
  closeMessage?(code: number, reason: string): string
}

/** The largest socket message accepted: a 64 KB STOMP frame, even once SockJS has JSON-escaped every byte of it. */
export const MAX_SOCKET_MESSAGE_BYTES = 512 * 1024

/**
 * A client that cannot keep up is dropped rather than buffered without bound; on reconnect it re-reads the
 * session, so it misses nothing. Frames held by writesTogether's cork count too, until it is lifted.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024

/** RFC 6455 caps a close reason at 123 bytes, and ws throws on longer ones. */
const closeReason = (reason: string) => Buffer.from(reason).subarray(0, 120).toString()

/** STOMP over WebSocket names its versions as subprotocols; echo the best one offered (none if none). */
const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp']

export function chooseStompSubprotocol(offered: Set<string>): string | false {
  return STOMP_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false
}

const rawFraming: SocketFraming = {
  encode: (data) => data,
  decode: (message) => [message],
}

function toBuffer(message: RawData): Buffer {
  if (Buffer.isBuffer(message)) return message
  return Array.isArray(message) ? Buffer.concat(message) : Buffer.from(message)
}

/**
 * Dead peers are found with WebSocket pings rather than STOMP heart-beats: browsers answer a ping from their
 * network stack, so a phone's locked screen or a throttled background tab (timers there may fire once a minute)
 * keeps its connection, while a peer that has really gone misses a pong and is dropped.
 */
export const DEFAULT_PING_INTERVAL_MS = 30_000

function keepCheckingLiveness(socket: WebSocket, pings: PeriodicRound) {
  let answered = true
  const heard = () => {
    answered = true
  }
  socket.on('pong', heard)
  socket.on('message', heard)
  const check = () => {
    if (!answered) return socket.terminate()
    answered = false
    socket.ping()
  }
  pings.add(check)
  socket.on('close', () => pings.delete(check))
}

/**
 * Writes to the connection made together leave together: the first corks the connection's stream, and a microtask
 * queued then uncorks it, so what is written synchronously after it (a commit's live messages, one to three per
 * member, sent in one loop), or by microtasks already queued, costs one system call per socket instead of one each.
 */
function writesTogether(stream: Duplex): (write: () => void) => void {
  let corked = false
  const flush = () => {
    corked = false
    stream.uncork()
  }
  return (write) => {
    if (!corked) {
      corked = true
      stream.cork()
      queueMicrotask(flush)
    }
    write()
  }
}

/**
 * A peer that breaks the WebSocket protocol or its limits (an oversized message) is ws's to close, with the code
 * that says why (1009 for a message too large): a warning on one line, not a stack. Anything else is ours.
 */
export function onSocketError(error: Error, socket: WebSocket, log: FastifyBaseLogger) {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) return log.warn(`live socket closed: ${error.message}`)
  log.error({ err: error }, 'live socket error')
  socket.terminate()
}

/**
 * Lets the upgrade's request go once the socket is open. Otherwise it lives as long as the socket, with its
 * response, reply, logger and headers (about 1.7 KB a socket, 5 MB at 3,000, which every full collection marks
 * again: issue 38): Node's stream keeps the response it was given for the upgrade, and @fastify/websocket's error
 * listener closes over the request and the reply. The response lets go of the stream, and the listener is
 * replaced by one that holds only the socket and the server's logger.
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest) {
  const stream = request.raw.socket as Duplex & { _httpMessage?: ServerResponse | null }
  stream._httpMessage?.detachSocket(request.raw.socket)
  const log = request.server.log
  socket.removeAllListeners('error')
  socket.on('error', (error) => onSocketError(error, socket, log))
}

/**
 * Runs one STOMP connection over an open socket, in the socket's framing. `request` is the socket's upgrade
 * request: its stream is the connection the socket writes to. Nothing here keeps the request.
 */
export function serveStompOverSocket(socket: WebSocket, request: FastifyRequest, open: OpenConnection, framing: SocketFraming, pings: PeriodicRound): StompConnection {
  releaseUpgradeRequest(socket, request)
  keepCheckingLiveness(socket, pings)
  const together = writesTogether(request.raw.socket)
  const connection = open({
    send(data) {
      if (socket.readyState !== socket.OPEN) return
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate()
      // Text messages: every frame we send is UTF-8 (JSON bodies), and browsers hand text to stompjs directly.
      together(() => socket.send(framing.encode(data), { binary: false }))
    },
    close(code, reason) {
      if (socket.readyState !== socket.OPEN) return
      if (framing.closeMessage) socket.send(framing.closeMessage(code, reason))
      socket.close(code, closeReason(reason))
    },
  })
  socket.on('message', (message: RawData) => {
    const parts = framing.decode(toBuffer(message))
    if (parts === null) return connection.close(CLOSE_PROTOCOL_ERROR, 'Malformed message')
    for (const part of parts) connection.receive(part)
  })
  socket.on('close', () => connection.transportClosed())
  return connection
}

/**
 * Plain STOMP over WebSocket at exactly /ws, and at /ws/websocket, SockJS's "raw WebSocket" URL, which carries
 * the same unframed messages.
 */
export function registerWebSocketTransport(app: FastifyInstance, open: OpenConnection, pings: PeriodicRound) {
  const serve = (socket: WebSocket, request: FastifyRequest) => {
    serveStompOverSocket(socket, request, open, rawFraming, pings)
  }
  app.get('/ws', { websocket: true }, serve)
  app.get('/ws/websocket', { websocket: true }, serve)
}
