import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from './db/connect.ts'

/** How long requests in flight may take to finish once the server has stopped accepting new ones. */
export const DRAIN_LIMIT_MS = 10_000

/**
 * The shutdown order (SIGTERM, SIGINT): stop accepting connections and tell live clients to reconnect
 * (hub.ts), let the requests in flight finish for up to `drainLimitMs`, then cut what is left, stop the session
 * engine and close the database. Nothing in flight meets a closed database.
 */
export async function shutDown(app: FastifyInstance, database: DatabaseHandle, drainLimitMs = DRAIN_LIMIT_MS) {
  const cut = setTimeout(() => {
    app.log.warn(`requests still running ${drainLimitMs / 1000} s after the shutdown began: closing their connections`)
    app.server.closeAllConnections()
    // A WebSocket whose client never answered the close handshake (ws would wait 30 s for it).
    for (const socket of app.websocketServer.clients) socket.terminate()
  }, drainLimitMs)
  // Node closes idle kept-alive connections once, when the server closes; a connection whose request was still
  // running goes idle after its answer and would otherwise be held until its keep-alive timeout.
  const reap = setInterval(() => app.server.closeIdleConnections(), 100)
  try {
    await app.close()
  } finally {
    clearTimeout(cut)
    clearInterval(reap)
  }
  await database.close()
}
