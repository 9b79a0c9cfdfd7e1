import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type pg from 'pg'
import { LocalListeners, type CommitNotice, type CommittedBatch, type RemotePresenceListener, type SessionBus } from './bus.ts'

const SESSION_EVENTS_CHANNEL = 'session_events'
const PRESENCE_CHANNEL = 'session_presence'
const RECONNECT_DELAY_MS = 1000

interface Announcement extends CommitNotice {
  /** The instance that committed; it has delivered the batch itself already. */
  origin: string
}

export interface PostgresBusOptions {
  pool: pg.Pool
  /** Reads the announced versions from the store, with the state after them. */
  loadBatch(sessionId: number, fromVersion: number, toVersion: number): Promise<CommittedBatch | null>
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void }
}

/**
 * Fan-out across server instances through LISTEN/NOTIFY: each commit NOTIFYs ids only, and every other instance
 * reads the new events from the store and delivers them to its own listeners. Notifications are handled one at a
 * time, in arrival order, and each session's versions are delivered at most once per instance. Presence changes
 * travel on a second channel, so every instance knows who is connected anywhere.
 */
export async function postgresBus(options: PostgresBusOptions): Promise<SessionBus> {
  const { pool, loadBatch, log } = options
  const instanceId = randomUUID()
  const listeners = new LocalListeners((error) => log.error({ err: error }, 'session bus listener failed'))
  const delivered = new Map<number, number>()
  const presenceListeners = new Set<RemotePresenceListener>()
  let queue: Promise<void> = Promise.resolve()
  let client: pg.PoolClient | null = null
  let closed = false

  const deliver = (batch: CommittedBatch) => {
    const last = batch.events.at(-1)?.version ?? 0
    if (last <= (delivered.get(batch.sessionId) ?? 0)) return
    delivered.set(batch.sessionId, last)
    // A session that has ended sends nothing more: forget it, so the map only holds live sessions.
    if (batch.state.status === 'COMPLETED' || batch.state.status === 'CANCELLED') delivered.delete(batch.sessionId)
    listeners.deliver(batch)
  }

  const onAnnouncement = async (payload: string) => {
    const notice = JSON.parse(payload) as Announcement
    if (notice.origin === instanceId) return
    const from = Math.max(notice.fromVersion, (delivered.get(notice.sessionId) ?? 0) + 1)
    if (from > notice.version) return
    const batch = await loadBatch(notice.sessionId, from, notice.version)
    if (batch) deliver(batch)
  }

  // A dedicated connection: LISTEN belongs to a session, so it must not go back to the pool.
  const connect = async () => {
    const listening = await pool.connect()
    listening.on('notification', (message) => {
      if (!message.payload) return
      if (message.channel === PRESENCE_CHANNEL) {
        // Anyone with database access can NOTIFY: a malformed payload is logged, never a crash of this process.
        let change: Parameters<RemotePresenceListener>[0]
        try {
          change = JSON.parse(message.payload)
        } catch (error) {
          log.warn({ err: error }, 'ignored a malformed presence notification')
          return
        }
        if (change.origin !== instanceId) for (const listener of presenceListeners) listener(change)
        return
      }
      if (message.channel !== SESSION_EVENTS_CHANNEL) return
      const payload = message.payload
      queue = queue.then(() => onAnnouncement(payload)).catch((error) => log.error({ err: error }, 'could not deliver announced session events'))
    })
    listening.on('error', (error) => {
      log.warn({ err: error }, 'session bus connection lost; reconnecting')
      listening.release(true)
      client = null
      if (!closed) setTimeout(() => void connect().catch((e) => log.error({ err: e }, 'session bus reconnect failed')), RECONNECT_DELAY_MS).unref()
    })
    await listening.query(`LISTEN ${SESSION_EVENTS_CHANNEL}; LISTEN ${PRESENCE_CHANNEL}`)
    client = listening
  }
  await connect()

  return {
    async announce(trx, notice) {
      const announcement: Announcement = { ...notice, origin: instanceId }
      await sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${JSON.stringify(announcement)})`.execute(trx)
    },
    publish: deliver,
    subscribe: (listener) => listeners.add(listener),
    sharePresence(change) {
      const payload = JSON.stringify({ ...change, origin: instanceId })
      pool.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, payload]).catch((error) => log.warn({ err: error }, 'could not share presence'))
    },
    onRemotePresence(listener) {
      presenceListeners.add(listener)
      return () => presenceListeners.delete(listener)
    },
    async close() {
      closed = true
      listeners.clear()
      presenceListeners.clear()
      const listening = client
      client = null
      if (listening) {
        await listening.query('UNLISTEN *').catch(() => {})
        listening.release()
      }
      await queue
    },
  }
}
