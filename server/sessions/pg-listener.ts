import type pg from 'pg'

export interface ListenerOptions {
  pool: pg.Pool
  channels: string[]
  /** Names the connection in pg_stat_activity, so an operator (or a test) can tell which instance it serves. */
  applicationName: string
  onNotification(channel: string, payload: string): void
  /**
   * After every LISTEN, before the connection counts as up: whatever was committed while nobody listened is
   * found here. If it fails, the connection is dropped and the whole attempt retried.
   */
  onListening(): Promise<void>
  /** The connection was lost: from now until the next onListening, notifications may be missed. */
  onLost?(): void
  log: { warn(object: unknown, message: string): void }
  backoff?: { firstMs: number; maxMs: number }
}

export interface Listener {
  close(): Promise<void>
}

const BACKOFF = { firstMs: 100, maxMs: 10_000 }

/**
 * A dedicated connection that LISTENs (it belongs to one database session, so it never goes back to the pool).
 * When PostgreSQL drops it (a restart, pg_terminate_backend, a network cut) it reconnects with exponential
 * backoff for as long as the process lives. The first attempt is awaited: an instance that cannot listen at
 * start-up does not start.
 */
export async function listenWithReconnect(options: ListenerOptions): Promise<Listener> {
  const { pool, channels, applicationName, onNotification, onListening, log } = options
  const backoff = options.backoff ?? BACKOFF
  /** Closes the connection that is up now (if any) without reconnecting. */
  let dropCurrent: (() => void) | null = null
  let failures = 0
  let retry: NodeJS.Timeout | null = null
  let started = false
  let closed = false

  const connectOnce = async () => {
    const client = await pool.connect()
    let gone = false
    const drop = () => {
      if (gone) return false
      gone = true
      if (dropCurrent === drop) dropCurrent = null
      client.release(true)
      return true
    }
    const lose = (error: unknown) => {
      if (!drop()) return
      options.onLost?.()
      if (closed || !started) return
      log.warn({ err: error }, 'lost the LISTEN connection; reconnecting')
      scheduleReconnect()
    }
    client.on('error', lose)
    client.on('end', () => lose(new Error('connection ended')))
    client.on('notification', ({ channel, payload }) => {
      if (payload) onNotification(channel, payload)
    })
    try {
      await client.query('select set_config($1, $2, false)', ['application_name', applicationName])
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '))
      await onListening()
    } catch (error) {
      drop()
      throw error
    }
    if (gone) throw new Error('the LISTEN connection was lost while catching up')
    // Closed while this attempt was under way: a connection kept now would hold the pool open at shutdown.
    if (closed) drop()
    else dropCurrent = drop
    failures = 0
  }

  const scheduleReconnect = () => {
    if (closed || retry) return
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures)
    failures += 1
    retry = setTimeout(() => {
      retry = null
      connectOnce().catch((error) => {
        log.warn({ err: error }, 'could not LISTEN again; retrying')
        scheduleReconnect()
      })
    }, delay)
  }

  await connectOnce()
  started = true

  return {
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      dropCurrent?.()
    },
  }
}
