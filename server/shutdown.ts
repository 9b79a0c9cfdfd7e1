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
  await acceptQueueDrained(app)
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

/** Quiet for this long (no new connection accepted), the kernel's queue of connections waiting for us is empty. */
const ACCEPT_QUIET_MS = 50
/** However busy the port, the listener closes within this. */
const ACCEPT_LIMIT_MS = 1000

/**
 * Connections the kernel completed while the process was busy wait in the listen queue; closing the listener would
 * reset them, mid-request for their clients (issue 30: 98 of 120 in one trial). So the listener stays open until
 * nothing new has arrived for a moment: what was queued is accepted and answered like any request in flight, and
 * what comes after the listener closes is refused cleanly.
 *
 * The moment is counted in the event loop's turns as well as in time: a loop kept busy answering what it accepted
 * lets the quiet timer run out while connections still wait, and timers run before the loop's poll accepts them.
 * So when the timer runs out, one more turn of the loop (setImmediate runs after that turn's poll) must bring
 * nothing new before the listener closes.
 */
function acceptQueueDrained(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => {
    let arrivals = 0
    let quiet = setTimeout(quietElapsed, ACCEPT_QUIET_MS)
    const limit = setTimeout(done, ACCEPT_LIMIT_MS)
    const accepted = () => {
      arrivals += 1
      clearTimeout(quiet)
      quiet = setTimeout(quietElapsed, ACCEPT_QUIET_MS)
    }
    app.server.on('connection', accepted)
    function quietElapsed() {
      const seen = arrivals
      setImmediate(() => {
        if (arrivals === seen) done()
      })
    }
    function done() {
      clearTimeout(quiet)
      clearTimeout(limit)
      app.server.off('connection', accepted)
      resolve()
    }
  })
}
