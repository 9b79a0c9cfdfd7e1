import type { Transaction } from 'kysely'
import type { SessionEvent, SessionState } from '../../schemas/session/types.ts'
import type { Database } from '../db/schema.ts'

/** Events just committed to one session's log, with the state after the last of them. */
export interface CommittedBatch {
  sessionId: number
  /** Contiguous, in version order. */
  events: CommittedEvent[]
  state: SessionState
}

export interface CommittedEvent {
  version: number
  event: SessionEvent
  actorUserId: number | null
  recordedAt: Date
}

/** What one instance tells the others: ids only (NOTIFY payloads are capped at 8000 bytes). */
export interface CommitNotice {
  sessionId: number
  fromVersion: number
  version: number
}

export type BatchListener = (batch: CommittedBatch) => void

/** A user's live connection to a session opened or closed on some instance. */
export interface PresenceChange {
  sessionCode: string
  userId: number
  online: boolean
}

/** A presence change made on another instance, named by that instance's id. */
export type RemotePresenceListener = (change: PresenceChange & { origin: string }) => void

/**
 * How committed events reach every server instance: the broadcaster and the timers listen here. In-process by
 * default; Postgres LISTEN/NOTIFY across instances (pg-bus.ts). Kept behind this interface so Redis pub/sub or
 * a STOMP broker relay can replace it.
 */
export interface SessionBus {
  /** Inside the append transaction, so other instances hear of a commit if and only if it commits. */
  announce(trx: Transaction<Database>, notice: CommitNotice): Promise<void>
  /** After the commit, on the instance that made it: delivers to this instance's listeners at once. */
  publish(batch: CommittedBatch): void
  subscribe(listener: BatchListener): () => void
  /** Tells the other instances who is connected here, so presence (isOnline, the offline rule) is cluster-wide. */
  sharePresence(change: PresenceChange): void
  onRemotePresence(listener: RemotePresenceListener): () => void
  close(): Promise<void>
}

/** Listeners of one instance; a failing listener is logged and never stops the others. */
export class LocalListeners {
  private readonly listeners = new Set<BatchListener>()

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  add(listener: BatchListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  deliver(batch: CommittedBatch): void {
    for (const listener of this.listeners) {
      try {
        listener(batch)
      } catch (error) {
        this.onListenerError(error)
      }
    }
  }

  clear(): void {
    this.listeners.clear()
  }
}

/** One process, one database (PGlite, or Postgres with a single instance): nothing to tell anyone else. */
export function inProcessBus(onListenerError: (error: unknown) => void): SessionBus {
  const listeners = new LocalListeners(onListenerError)
  return {
    announce: async () => {},
    publish: (batch) => listeners.deliver(batch),
    subscribe: (listener) => listeners.add(listener),
    sharePresence: () => {},
    onRemotePresence: () => () => {},
    close: async () => listeners.clear(),
  }
}
