import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ServerResponse } from 'node:http'
import { crossOriginHeaders, NO_CACHE, parseSockJsMessage, sessionRouteSchema } from './sockjs-transport.ts'
import { XhrSession, type Receiver, type XhrSessionSettings } from './sockjs-xhr-session.ts'
import { MAX_SOCKET_MESSAGE_BYTES, type OpenConnection } from './websocket-transport.ts'

/**
 * SockJS's HTTP fallbacks, for networks whose proxy refuses WebSocket upgrades (some hospital and office
 * networks): sockjs-client then receives over `xhr_streaming` (one long response) or `xhr` (long polling) and
 * sends over `xhr_send`. The STOMP connection on top is the same as over a WebSocket. Sessions live in this
 * process's memory, which is right for the one-process deployment; several instances behind a balancer would
 * need it to keep each session on one instance.
 */

export const DEFAULT_DISCONNECT_DELAY_MS = 5000
/** Open sessions at once, authenticated or not (an unauthenticated one ends at the STOMP CONNECT timeout). */
const MAX_SESSIONS = 5000
/**
 * Sessions one address may hold before their STOMP CONNECT: normally a few hundred milliseconds each, so a whole
 * hospital behind one address stays far below it, while one host cannot fill MAX_SESSIONS for everybody.
 */
const MAX_UNAUTHENTICATED_PER_ADDRESS = 20
/** sockjs-node ends a streaming response after 128 KB, so that proxies do not buffer it without end. */
const STREAM_RESPONSE_LIMIT = 128 * 1024
/**
 * A stream is also ended after this long, and the client opens the next at once: a client whose network vanished
 * then misses the disconnect delay, where its open stream would have kept it online for as long as TCP retries.
 */
export const DEFAULT_STREAM_MAX_AGE_MS = 30_000
/** Some browsers and proxies show nothing of a streaming response until its first 2 KB have arrived. */
const STREAM_PRELUDE = `${'h'.repeat(2048)}\n`
const MAX_QUEUED_BYTES = 1024 * 1024
const RECEIVING_TRANSPORTS = ['xhr', 'xhr_streaming'] as const

type SessionParams = { server: string; session: string }
/** A poll or send per message and every 25 s: logging each would bury everything else (and the session ids). */
const ROUTE_OPTIONS = { schema: sessionRouteSchema, logLevel: 'warn' } as const

export interface XhrTransportSettings extends Omit<XhrSessionSettings, 'maxQueuedBytes'> {
  streamMaxAgeMs: number
}

export function registerSockJsXhrTransports(app: FastifyInstance, open: OpenConnection, settings: XhrTransportSettings) {
  const sessions = new Map<string, { session: XhrSession; address: string }>()
  const sessionSettings = { ...settings, maxQueuedBytes: MAX_QUEUED_BYTES }
  const roomForSession = (address: string) => {
    if (sessions.size >= MAX_SESSIONS) return false
    let unauthenticated = 0
    for (const held of sessions.values()) if (held.address === address && !held.session.connection.user) unauthenticated += 1
    return unauthenticated < MAX_UNAUTHENTICATED_PER_ADDRESS
  }
  const keyOf = (request: FastifyRequest) => {
    const { server, session } = request.params as SessionParams
    return `${server}/${session}`
  }

  void app.register(async (scope) => {
    // sockjs-client posts text/plain; whatever the type, the body is read as the text it is.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_SOCKET_MESSAGE_BYTES }, (_request, body, done) => done(null, body))

    for (const transport of [...RECEIVING_TRANSPORTS, 'xhr_send']) {
      scope.options(`/ws/:server/:session/${transport}`, ROUTE_OPTIONS, preflight)
    }
    for (const transport of RECEIVING_TRANSPORTS) {
      scope.post(`/ws/:server/:session/${transport}`, ROUTE_OPTIONS, async (request, reply) => {
        const key = keyOf(request)
        const existing = sessions.get(key)?.session
        if (!existing && !roomForSession(request.ip)) {
          return reply.code(503).headers(crossOriginHeaders(request)).send({ error: 'Too many live connections. Please try again later.' })
        }
        const session = existing ?? new XhrSession(open, sessionSettings, () => sessions.delete(key))
        if (!existing) sessions.set(key, { session, address: request.ip })
        const raw = startResponse(request, reply)
        // The client may have gone before this ran, and then no close event will come to detach it.
        if (raw.destroyed) return
        const receiver = transport === 'xhr_streaming' ? streamReceiver(raw) : pollReceiver(raw)
        raw.on('close', () => session.detach(receiver))
        if (transport === 'xhr_streaming') {
          const renewal = setTimeout(() => session.release(receiver), settings.streamMaxAgeMs).unref()
          raw.on('close', () => clearTimeout(renewal))
        }
        session.attach(receiver, !existing)
      })
    }
    scope.post('/ws/:server/:session/xhr_send', ROUTE_OPTIONS, async (request, reply) => {
      reply.headers(crossOriginHeaders(request)).header('cache-control', NO_CACHE).type('text/plain; charset=UTF-8')
      const session = sessions.get(keyOf(request))?.session
      if (!session || session.isClosed) return reply.code(404).send('Session not found.')
      // sockjs-protocol's own answers for a missing or broken payload.
      const body = typeof request.body === 'string' ? request.body : ''
      if (body === '') return reply.code(500).send('Payload expected.')
      const parts = parseSockJsMessage(Buffer.from(body, 'utf8'))
      if (parts === null) return reply.code(500).send('Broken JSON encoding.')
      session.receive(parts)
      return reply.code(204).send()
    })
  })
}

async function preflight(request: FastifyRequest, reply: FastifyReply) {
  const requested = request.headers['access-control-request-headers']
  reply.headers(crossOriginHeaders(request))
  reply.header('access-control-allow-methods', 'OPTIONS, POST')
  if (requested) reply.header('access-control-allow-headers', requested)
  reply.header('access-control-max-age', '31536000')
  return reply.code(204).send()
}

/** The receiving response is written by hand as frames arrive, so Fastify lets go of it. */
function startResponse(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    'content-type': 'application/javascript; charset=UTF-8',
    'cache-control': NO_CACHE,
    'x-content-type-options': 'nosniff',
    // nginx would otherwise hold the stream back until its buffer fills.
    'x-accel-buffering': 'no',
    ...crossOriginHeaders(request),
  })
  return raw
}

function streamReceiver(raw: ServerResponse): Receiver {
  raw.write(STREAM_PRELUDE)
  let sent = 0
  return {
    write(frame) {
      if (raw.writableEnded) return false
      // A reader that stopped reading: drop it rather than buffer without bound (it re-reads on reconnecting).
      if (raw.writableLength > MAX_QUEUED_BYTES) {
        raw.destroy()
        return false
      }
      raw.write(`${frame}\n`)
      sent += Buffer.byteLength(frame) + 1
      return sent < STREAM_RESPONSE_LIMIT
    },
    end: () => endResponse(raw),
  }
}

function pollReceiver(raw: ServerResponse): Receiver {
  return {
    write(frame) {
      if (!raw.writableEnded) raw.end(`${frame}\n`)
      return false
    },
    end: () => endResponse(raw),
  }
}

function endResponse(raw: ServerResponse) {
  if (!raw.writableEnded) raw.end()
}
