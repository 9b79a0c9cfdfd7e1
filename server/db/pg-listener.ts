import type pg from 'pg'

/** A part of the instance that hears some channels: the session bus, the board, the account cache. */
export interface Subscriber {
  channels: string[]
  onNotification(channel: string, payload: string): void
  /**
   * After every LISTEN, before the connection counts as up: whatever was committed while nobody listened is
   * found here. If any subscriber's fails, the connection is dropped and the whole attempt retried.
   */
  onListening?(): Promise<void> | void
  /** The connection was lost: from now until the next onListening, notifications may be missed. */
  onLost?(): void
}

export interface PgListener {
  /** Before start only: the one LISTEN covers every channel subscribed. Answers how to stop hearing. */
  subscribe(subscriber: Subscriber): () => void
  /** The first LISTEN and every subscriber's onListening: an instance that cannot listen at start-up does not start. */
  start(): Promise<void>
  /** A NOTIFY, on a pooled connection (the listening one only listens). */
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

export interface PgListenerOptions {
  pool: pg.Pool
  /** Names the connection in pg_stat_activity, so an operator (or a test) can tell which instance it serves. */
  applicationName: string
  log: { warn(object: unknown, message: string): void }
  backoff?: { firstMs: number; maxMs: number }
  liveness?: { everyMs: number; timeoutMs: number }
}

const BACKOFF = { firstMs: 100, maxMs: 10_000 }
/**
 * How often the listening connection must answer a query, and how soon. It only ever reads, so a socket that
 * died without a word (a NAT that forgot the flow, a failover to another host) would never raise an error: every
 * cache would go on trusting what it no longer hears. Unanswered, the connection counts as lost.
 */
const LIVENESS = { everyMs: 30_000, timeoutMs: 10_000 }

/**
 * The instance's one LISTEN connection, shared by every subscriber (it belongs to one database session, so it
 * never goes back to the pool). When PostgreSQL drops it (a restart, pg_terminate_backend, a network cut) every
 * subscriber is told at once, and it reconnects with exponential backoff for as long as the process lives.
 */
export function createPgListener(options: PgListenerOptions): PgListener {
  const { pool, applicationName, log } = options
  const backoff = options.backoff ?? BACKOFF
  const liveness = options.liveness ?? LIVENESS
  const byChannel = new Map<string, Subscriber>()
  const subscribers = () => new Set(byChannel.values())
  /** Closes the connection that is up now (if any) without reconnecting. */
  let dropCurrent: (() => void) | null = null
  let failures = 0
  let retry: NodeJS.Timeout | null = null
  let starting = false
  let started = false
  let closed = false

  const connectOnce = async () => {
    const client = await pool.connect()
    let gone = false
    let probing: NodeJS.Timeout | undefined
    const closeOnPurpose = () => void drop(false)
    /** Destroys the connection; unless it is closed on purpose, every subscriber now distrusts what it heard. */
    const drop = (lost: boolean) => {
      if (gone) return false
      gone = true
      clearInterval(probing)
      if (dropCurrent === closeOnPurpose) dropCurrent = null
      client.release(true)
      if (lost) for (const subscriber of subscribers()) subscriber.onLost?.()
      return true
    }
    const lose = (error: unknown) => {
      if (!drop(true) || closed || !started) return
      log.warn({ err: error }, 'lost the LISTEN connection; reconnecting')
      scheduleReconnect()
    }
    client.on('error', lose)
    client.on('end', () => lose(new Error('connection ended')))
    client.on('notification', ({ channel, payload }) => byChannel.get(channel)?.onNotification(channel, payload ?? ''))
    try {
      await client.query('select set_config($1, $2, false)', ['application_name', applicationName])
      await client.query([...byChannel.keys()].map((channel) => `LISTEN ${channel}`).join('; '))
      if (gone) throw new Error('the LISTEN connection was lost before catching up')
      // All called at once: none is told the connection is up after it was lost (the check just above).
      const outcomes = await Promise.allSettled([...subscribers()].map(async (subscriber) => subscriber.onListening?.()))
      const failure = outcomes.find((outcome) => outcome.status === 'rejected')
      if (failure) throw failure.reason
    } catch (error) {
      // A subscriber may already count the connection as up (another's catch-up failed): it is told otherwise.
      drop(true)
      throw error
    }
    if (gone) throw new Error('the LISTEN connection was lost while catching up')
    // Closed while this attempt was under way: a connection kept now would hold the pool open at shutdown.
    if (closed) closeOnPurpose()
    else dropCurrent = closeOnPurpose
    failures = 0
    probing = setInterval(() => answersWithin(client, liveness.timeoutMs).catch(lose), liveness.everyMs).unref()
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

  return {
    subscribe(subscriber) {
      if (starting) throw new Error('subscribe before the LISTEN connection starts: one LISTEN covers every channel')
      for (const channel of subscriber.channels) {
        if (byChannel.has(channel)) throw new Error(`the channel ${channel} has a subscriber already`)
        byChannel.set(channel, subscriber)
      }
      return () => {
        for (const channel of subscriber.channels) if (byChannel.get(channel) === subscriber) byChannel.delete(channel)
      }
    },
    async start() {
      if (starting) throw new Error('the LISTEN connection is started once')
      starting = true
      await connectOnce()
      started = true
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      dropCurrent?.()
    },
  }
}

/** Resolves once the connection answers a trivial query, rejects if it has not within `timeoutMs`. */
async function answersWithin(client: pg.PoolClient, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the LISTEN connection did not answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([client.query('select 1'), silence])
  } finally {
    clearTimeout(timer)
  }
}
