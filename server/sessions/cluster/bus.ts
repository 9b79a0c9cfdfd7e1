import type { RawBuilder } from 'kysely'
import type { SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { RelayedSignal } from '../../live/signals.ts'

/** Events just committed to one session's log, with the state before the first and after the last of them. */
export interface CommittedBatch {
  sessionId: number
  /** Contiguous, in version order. */
  events: CommittedEvent[]
  /** Null when the batch starts the log. Live messages render the state right after each event from it. */
  before: SessionState | null
  state: SessionState
}

export interface CommittedEvent {
  version: number
  event: SessionEvent
  actorUserId: number | null
  recordedAt: Date
}

/**
 * A session's latest version: what a commit tells every instance, a hint only, since each reads what it has not
 * delivered up to it from the store (ordered-delivery.ts); and what the read model says after a reconnect.
 * Ids only: NOTIFY payloads are capped at 8000 bytes.
 */
export interface SessionVersion {
  sessionId: number
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

/** Commits: how committed events reach every server instance (the broadcaster and the timers listen here). */
export interface CommitChannel {
  /**
   * The SQL expression that tells other instances of a commit, written by the append's own statement so they hear
   * of it if and only if it commits; none when there is nobody else to tell.
   */
  announcement(notice: SessionVersion): RawBuilder<unknown> | undefined
  /**
   * After the commit, on the instance that made it: delivers to this instance's listeners, at once unless an
   * earlier version of the session is still on its way (then right after it).
   */
  publish(batch: CommittedBatch): void
  /**
   * This instance is about to commit to the session: its own notice, often heard before the commit's answer,
   * then costs no read. Call the returned function after publishing the batch, or when the commit failed.
   */
  committing(sessionId: number): () => void
  subscribe(listener: BatchListener): () => void
}

/** Presence: a connection here opened or closed, told to the other instances so they re-read presence now. */
export interface PresenceChannel {
  /** Called after the change is stored in live_presence (cluster-presence.ts). */
  share(change: PresenceChange): void
  onRemote(listener: RemotePresenceListener): () => void
}

/** Call signals accepted here, passed to the other instances in the order shared (never stored). */
export interface SignalChannel {
  share(signal: RelayedSignal): void
  onRemote(listener: (signal: RelayedSignal) => void): () => void
}

/**
 * What one instance tells the others, on three channels of their own: commits, presence and call signals.
 * In-process by default; PostgreSQL LISTEN/NOTIFY across instances (pg-bus.ts). Kept behind these interfaces so
 * Redis pub/sub or a STOMP broker relay can replace any of them.
 */
export interface SessionBus {
  commits: CommitChannel
  presence: PresenceChannel
  signals: SignalChannel
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
    commits: {
      announcement: () => undefined,
      publish: (batch) => listeners.deliver(batch),
      committing: () => () => {},
      subscribe: (listener) => listeners.add(listener),
    },
    presence: { share: () => {}, onRemote: () => () => {} },
    signals: { share: () => {}, onRemote: () => () => {} },
    close: async () => listeners.clear(),
  }
}
