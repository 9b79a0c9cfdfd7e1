import { sql } from 'kysely'
import type { PgListener } from '../../db/pg-listener.ts'
import { LocalListeners, type CommitChannel, type SessionVersion } from './bus.ts'
import { orderedDelivery, type OrderedDeliveryOptions } from './ordered-delivery.ts'

const SESSION_EVENTS_CHANNEL = 'session_events'

export interface CommitsOverPostgresOptions {
  /** The instance's LISTEN connection, shared (pg-listener.ts): this subscribes before it starts. */
  listener: PgListener
  /** The batches committed in a version window, with the state after each (ordered-delivery.ts, commit-reader.ts). */
  readCommits: OrderedDeliveryOptions['read']
  /** The latest versions of every running session and of the sessions named (which may have ended since). */
  readVersions(sessionIds: number[]): Promise<SessionVersion[]>
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void }
}

/** Anyone with database access can NOTIFY: a payload that is not what we send is logged, never a crash. */
function parseNotice(payload: string): SessionVersion | null {
  try {
    const { sessionId, version } = JSON.parse(payload)
    return Number.isSafeInteger(sessionId) && Number.isSafeInteger(version) ? { sessionId, version } : null
  } catch {
    return null
  }
}

/**
 * Commits across server instances through LISTEN/NOTIFY. A commit NOTIFYs ids only, as a hint: every instance
 * delivers each session's batches in version order through one path (ordered-delivery.ts), reading from the
 * store whatever it has not delivered yet, so a notice that comes late or never costs a read, not a message.
 * After every (re)connection of the instance's LISTEN connection (pg-listener.ts), every running session is
 * caught up from the store.
 */
export function commitsOverPostgres(options: CommitsOverPostgresOptions): CommitChannel & { close(): Promise<void> } {
  const { listener: pgListener, readCommits, readVersions, log } = options
  const listeners = new LocalListeners((error) => log.error({ err: error }, 'session bus listener failed'))
  const delivery = orderedDelivery({ read: readCommits, deliver: (batch) => listeners.deliver(batch), log })
  let listenedBefore = false

  const unsubscribe = pgListener.subscribe({
    channels: [SESSION_EVENTS_CHANNEL],
    onNotification(_channel, payload) {
      const notice = parseNotice(payload)
      if (notice) delivery.reached(notice)
      else log.warn({ payload }, 'ignored a malformed session events notification')
    },
    async onListening() {
      const versions = await readVersions(delivery.running())
      // The first time, what was committed before reached nobody here; afterwards, it is what we missed.
      if (listenedBefore) for (const version of versions) delivery.reached(version)
      else delivery.startFrom(versions)
      listenedBefore = true
    },
  })

  return {
    announcement: (notice) => sql`pg_notify(${SESSION_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`,
    publish: (batch) => delivery.local(batch),
    committing: (sessionId) => delivery.committing(sessionId),
    subscribe: (listener) => listeners.add(listener),
    async close() {
      unsubscribe()
      await delivery.close()
      listeners.clear()
    },
  }
}
