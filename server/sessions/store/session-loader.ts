import { evolve } from '../../../schemas/session/index.ts'
import { hasEnded } from '../../../schemas/session/participants.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { readEventData, toSessionEvent } from './event-store.ts'

const MAX_CACHED_SESSIONS = 10_000

/**
 * Loads a session's state by replaying its log. The log is the truth; the cache only saves re-reading it: a
 * cached snapshot is brought up to date with the events after its version, so a stale entry (another instance
 * appended) costs one small read and never gives a wrong answer.
 */
export class SessionLoader {
  private readonly snapshots = new Map<number, SessionState>()
  /** Session ids by code: a code never changes hands, so once known it is never read again. */
  private readonly ids = new Map<string, number>()

  constructor(private readonly db: Db) {}

  async load(sessionId: number): Promise<SessionState | null> {
    const cached = this.snapshots.get(sessionId) ?? null
    const newer = await readEventData(this.db, sessionId, { from: (cached?.version ?? 0) + 1 })
    const state = newer.map(toSessionEvent).reduce(evolve, cached)
    if (state && state !== cached) this.remember(state)
    return state
  }

  /**
   * The remembered state, unread: for a command, whose append refuses it if the log has moved on since (the
   * version check), and which confirms a refusal with load().
   */
  cached(sessionId: number): SessionState | null {
    return this.snapshots.get(sessionId) ?? null
  }

  /** The state as it was after `version`: for replays, and for batches announced by other instances. */
  async loadAt(sessionId: number, version: number): Promise<SessionState | null> {
    const cached = this.snapshots.get(sessionId)
    if (cached?.version === version) return cached
    if (cached && cached.version < version) {
      const newer = await readEventData(this.db, sessionId, { from: cached.version + 1, to: version })
      const state = newer.map(toSessionEvent).reduce(evolve, cached)
      this.remember(state)
      return state
    }
    return (await readEventData(this.db, sessionId, { to: version })).map(toSessionEvent).reduce<SessionState | null>(evolve, null)
  }

  /** The id of the session a (normalised) code names: read once, then from memory. */
  async idByCode(code: string): Promise<number | undefined> {
    const known = this.ids.get(code)
    if (known !== undefined) return known
    const row = await this.db.selectFrom('sessions').select('id').where('code', '=', code).executeTakeFirst()
    if (row) this.rememberCode(code, row.id)
    return row?.id
  }

  private rememberCode(code: string, sessionId: number): void {
    if (this.ids.size >= MAX_CACHED_SESSIONS) this.ids.delete(this.ids.keys().next().value!)
    this.ids.set(code, sessionId)
  }

  remember(state: SessionState): void {
    if (!this.ids.has(state.code)) this.rememberCode(state.code, state.sessionId)
    this.snapshots.delete(state.sessionId)
    // Ended sessions take no more commands; long-lived servers would otherwise keep every session ever played.
    if (hasEnded(state)) return
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
