import { applyEvent, replay } from '../../schemas/session/index.ts'
import type { SessionEvent, SessionState } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import type { CommittedEvent } from './bus.ts'
import { readStream, type NewEvent, type StoredEvent } from './event-store.ts'

/** Events are stored as (type, payload without the type): the log's own column says what each row is. */
export function toNewEvent(event: SessionEvent): NewEvent {
  const { type, ...payload } = event
  return { type, payload }
}

export function toSessionEvent(stored: StoredEvent): SessionEvent {
  return { ...(stored.payload as object), type: stored.type } as SessionEvent
}

export function toCommittedEvent(stored: StoredEvent): CommittedEvent {
  return { version: stored.version, event: toSessionEvent(stored), actorUserId: stored.actorUserId, recordedAt: stored.recordedAt }
}

/**
 * The fold over part of a log. A whole log is replayed through the session machine (xstate's pure transition);
 * a known state is brought up to date with the same step the machine assigns (a property test proves the two
 * agree on every log).
 */
export function foldEvents(state: SessionState | null, events: SessionEvent[]): SessionState | null {
  if (state === null) return replay(events)
  return events.reduce<SessionState>((current, event) => applyEvent(current, event), state)
}

const MAX_CACHED_SESSIONS = 10_000

/**
 * Loads a session's state by replaying its log. The log is the truth; the cache only saves re-reading it: a
 * cached snapshot is brought up to date with the events after its version, so a stale entry (another instance
 * appended) costs one small read and never gives a wrong answer.
 */
export class SessionLoader {
  private readonly snapshots = new Map<number, SessionState>()

  constructor(private readonly db: Db) {}

  async load(sessionId: number): Promise<SessionState | null> {
    const cached = this.snapshots.get(sessionId) ?? null
    const newer = await readStream(this.db, sessionId, { from: (cached?.version ?? 0) + 1 })
    const state = foldEvents(cached, newer.map(toSessionEvent))
    if (state && state !== cached) this.remember(state)
    return state
  }

  /** The state as it was after `version`: for replays, and for batches announced by other instances. */
  async loadAt(sessionId: number, version: number): Promise<SessionState | null> {
    const cached = this.snapshots.get(sessionId)
    if (cached && cached.version <= version) {
      const newer = await readStream(this.db, sessionId, { from: cached.version + 1, to: version })
      const state = foldEvents(cached, newer.map(toSessionEvent))!
      this.remember(state)
      return state
    }
    return foldEvents(null, (await readStream(this.db, sessionId, { to: version })).map(toSessionEvent))
  }

  remember(state: SessionState): void {
    this.snapshots.delete(state.sessionId)
    // Ended sessions take no more commands; long-lived servers would otherwise keep every session ever played.
    if (state.status === 'COMPLETED' || state.status === 'CANCELLED') return
    if (this.snapshots.size >= MAX_CACHED_SESSIONS) {
      const oldest = this.snapshots.keys().next().value
      if (oldest !== undefined) this.snapshots.delete(oldest)
    }
    this.snapshots.set(state.sessionId, state)
  }

  forget(sessionId: number): void {
    this.snapshots.delete(sessionId)
  }
}
