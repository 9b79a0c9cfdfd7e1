import { randomInt } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { PeriodicRound } from './periodic-round.ts'
import { serveStompOverSocket, type OpenConnection, type SocketFraming } from './websocket-transport.ts'

/**
 * The server side of the SockJS protocol (https://github.com/sockjs/sockjs-protocol, 0.3.3): sockjs-client reads
 * /info, sees `websocket: true` and opens /ws/{server}/{session}/websocket; where that fails it falls back to the
 * xhr transports (sockjs-xhr.ts). The eventsource, htmlfile and iframe transports answer 404, which
 * sockjs-client treats as that transport being unavailable.
 */

/** SockJS's own keep-alive: proxies drop idle connections, whatever STOMP negotiated. */
export const SOCKJS_HEARTBEAT_MS = 25_000

export const NO_CACHE = 'no-store, no-cache, no-transform, must-revalidate, max-age=0'

/** sockjs-protocol: server and session ids are path segments without dots. */
const SEGMENT = { type: 'string', pattern: '^[^./]+$', maxLength: 64 } as const
export const sessionRouteSchema = {
  params: { type: 'object', properties: { server: SEGMENT, session: SEGMENT }, required: ['server', 'session'] },
} as const

/**
 * Each STOMP frame travels as one string in an `a[...]` array frame. Inbound, sockjs-client sends a JSON array of
 * strings; a single JSON string is accepted too. Anything else is malformed.
 */
export function parseSockJsMessage(message: Buffer): Buffer[] | null {
  if (message.length === 0) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(message.toString('utf8'))
  } catch {
    return null
  }
  if (typeof parsed === 'string') return [Buffer.from(parsed, 'utf8')]
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) return null
  return parsed.map((item: string) => Buffer.from(item, 'utf8'))
}

/** sockjs-protocol frames: `a[...]` carries messages (here, STOMP frames), `c[code,"reason"]` closes. */
export const messagesFrame = (messages: string[]) => `a${JSON.stringify(messages)}`
export const closeFrame = (code: number, reason: string) => `c${JSON.stringify([code, reason])}`

const sockJsFraming: SocketFraming = {
  encode: (data) => messagesFrame([data.toString('utf8')]),
  decode: parseSockJsMessage,
  closeMessage: closeFrame,
}

/**
 * sockjs-client sends its requests with credentials when the page comes from another origin (the Vite dev
 * server), so the origin is echoed as sockjs-node does. Only origins the live channel accepts get this far (the
 * hub answers the others 403, cors.ts); what a page may read is still guarded by the STOMP token.
 */
export function crossOriginHeaders(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin
  if (!origin || origin === 'null') return { 'access-control-allow-origin': '*', vary: 'Origin' }
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
}

/** The rounds every socket joins: SockJS's `h` frames, and the WebSocket pings (websocket-transport.ts). */
export interface SocketRounds {
  heartbeats: PeriodicRound
  pings: PeriodicRound
}

export function registerSockJsTransport(app: FastifyInstance, open: OpenConnection, rounds: SocketRounds) {
  app.get('/ws/info', async (request, reply) => {
    reply.headers(crossOriginHeaders(request))
    reply.header('cache-control', NO_CACHE)
    // `entropy` seeds the client's ids; cookie_needed is false because no sticky sessions are needed for websocket.
    return { websocket: true, origins: ['*:*'], cookie_needed: false, entropy: randomInt(2 ** 31) }
  })
  app.options('/ws/info', async (request, reply) => {
    reply.headers(crossOriginHeaders(request))
    reply.header('access-control-allow-methods', 'OPTIONS, GET')
    reply.header('access-control-max-age', '31536000')
    reply.header('cache-control', 'public, max-age=31536000')
    return reply.code(204).send()
  })
  app.get('/ws/:server/:session/websocket', { websocket: true, schema: sessionRouteSchema }, (socket: WebSocket, request) => {
    // sockjs-protocol: `o` opens the session, `h` keeps it alive; the STOMP connection starts right after `o`.
    socket.send('o')
    const heartbeat = () => socket.send('h')
    rounds.heartbeats.add(heartbeat)
    socket.on('close', () => rounds.heartbeats.delete(heartbeat))
    serveStompOverSocket(socket, request, open, sockJsFraming, rounds.pings)
  })
}
