import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { LiveChannel } from '../fan-out/broadcaster.ts'
import type { PresenceChange, PresenceChannel } from './bus.ts'
import { presenceTable, type Connection } from './presence-table.ts'

type PresenceListener = (change: PresenceChange) => void

export interface PresenceTiming {
  /** How often an instance re-stamps itself and re-reads the others' connections. */
  heartbeatMs: number
  /** An instance not re-stamped for this long counts as gone, with its connections: it died or lost the database. */
  expiryMs: number
}

export const DEFAULT_PRESENCE_TIMING: PresenceTiming = { heartbeatMs: 10_000, expiryMs: 30_000 }

export interface ClusterPresenceOptions extends PresenceTiming {
  live: LiveChannel
  presence: PresenceChannel
  /** Null on the embedded database: one process, so its own connections are all there is. */
  db: Db | null
  log: { warn(object: unknown, message: string): void }
}

export type ClusterPresence = LiveChannel & { start(): Promise<void>; close(): Promise<void> }

/**
 * The one presence rule: a participant is online while any instance holds a live connection for them (after the
 * hub's grace period for a reload). Each instance stores its connections in PostgreSQL as they open and close,
 * stamps itself every heartbeat and reads the others' live connections (presence-table.ts), so an instance that
 * was killed stops counting within expiry + heartbeat (its users then go offline, and the offline rule takes
 * over), and a new instance sees at once who is connected elsewhere. A change here is written first and then announced on the presence channel, so the others re-read
 * at once rather than at their next heartbeat. Listeners hear the cluster-wide answer after every change.
 */
export function clusterPresence(options: ClusterPresenceOptions): ClusterPresence {
  const { live, presence, heartbeatMs, expiryMs, log } = options
  const table = options.db ? presenceTable(options.db, randomUUID()) : null
  const listeners = new Set<PresenceListener>()
  const keyOf = (sessionCode: string, userId: number) => `${sessionCode}\n${userId}`
  const here = new Map<string, Connection>()
  let elsewhere = new Map<string, Connection>()

  const isOnline = (sessionCode: string, userId: number) => live.isOnline(sessionCode, userId) || elsewhere.has(keyOf(sessionCode, userId))
  const tell = ({ sessionCode, userId }: Connection) => {
    const change = { sessionCode, userId, online: isOnline(sessionCode, userId) }
    for (const listener of listeners) listener(change)
  }

  // Writes go one at a time, so a connection's "online" is never stored after its "offline".
  let writes = Promise.resolve()
  const write = (work: () => Promise<void>) => (writes = writes.then(work).catch((error) => log.warn({ err: error }, 'could not store presence')))

  const readElsewhere = async () => {
    const fresh = new Map((await table!.liveElsewhere(expiryMs)).map((c) => [keyOf(c.sessionCode, c.userId), c]))
    const changed = [...fresh.entries()].filter(([key]) => !elsewhere.has(key))
    changed.push(...[...elsewhere.entries()].filter(([key]) => !fresh.has(key)))
    elsewhere = fresh
    for (const [, connection] of changed) tell(connection)
  }
  // Re-reads coalesce: a burst of announcements costs one read in flight and at most one more after it.
  let reading: Promise<void> | null = null
  let readAgain = false
  const reread = (): Promise<void> => {
    if (reading) {
      readAgain = true
      return reading
    }
    reading = (async () => {
      do {
        readAgain = false
        await readElsewhere()
      } while (readAgain)
    })()
      .catch((error) => log.warn({ err: error }, 'could not read presence'))
      .finally(() => (reading = null))
    return reading
  }

  const heartbeat = async () => {
    await write(async () => {
      await table!.beat(() => [...here.values()])
      await table!.removeExpired(expiryMs)
    })
    await reread()
  }

  const stopLocal = live.onPresence((change) => {
    const key = keyOf(change.sessionCode, change.userId)
    const connection = { sessionCode: change.sessionCode, userId: change.userId }
    if (change.online) here.set(key, connection)
    else here.delete(key)
    tell(connection)
    if (table) void write(() => (change.online ? table.add(connection) : table.remove(connection))).then(() => presence.share(change))
  })
  const stopRemote = presence.onRemote(() => void reread())
  let beating: NodeJS.Timeout | undefined

  return {
    publish: (sessionCode, message, version) => live.publish(sessionCode, message, version),
    isOnline,
    onPresence(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start() {
      if (!table) return
      await heartbeat()
      beating = setInterval(() => void heartbeat(), heartbeatMs).unref()
    },
    async close() {
      clearInterval(beating)
      stopLocal()
      stopRemote()
      listeners.clear()
      if (!table) return
      await Promise.all([write(() => table.removeMine()), reading])
      // The others re-read now instead of showing these users online until their rows expire.
      for (const connection of here.values()) presence.share({ ...connection, online: false })
    },
  }
}
