import type { DatabaseHandle } from './connect.ts'
import type { PgListener } from './pg-listener.ts'

/**
 * A cache kept right by a channel's notices: it serves only while every notice will be heard, and a read that
 * raced a change does not keep what it found. Subclasses hold the data and say what a notice forgets.
 */
export abstract class NoticeKeptCache {
  /** Bumped by every forgetting: a read that began before one must not keep what it read (it may be stale). */
  protected generation = 0
  private trusted = false

  /** A notice on the cache's channel. */
  abstract heard(payload: string): void

  /** Drops everything held (the subclass's data only). */
  protected abstract clear(): void

  /** Everything held is forgotten: the next reader reads it again. */
  forgetAll() {
    this.generation += 1
    this.clear()
  }

  /** Changes may now go unheard: nothing held is served, nothing read is kept, until `trust`. */
  distrust() {
    this.trusted = false
    this.forgetAll()
  }

  /** Every change from now on will be heard; whatever happened before is read again. */
  trust() {
    this.forgetAll()
    this.trusted = true
  }

  /** Whether a read that began at generation `began` may keep what it found. */
  protected mayKeep(began: number) {
    return this.trusted && began === this.generation
  }
}

/**
 * Hears a channel for a cache kept by its notices. On PostgreSQL through the instance's LISTEN connection
 * (`listener`, not started yet: the cache is distrusted until it listens, and whenever it is down, and trusted
 * again once it is back); on the embedded database the thread forwards its notices (one process, nothing to
 * miss), so the cache is trusted at once. Answers how to stop hearing.
 */
export async function hearChanges(database: DatabaseHandle, listener: PgListener | null, channel: string, cache: NoticeKeptCache): Promise<() => Promise<void>> {
  if (listener) {
    const unlisten = listener.subscribe({
      channels: [channel],
      onNotification: (_channel, payload) => cache.heard(payload),
      onListening: () => cache.trust(),
      onLost: () => cache.distrust(),
    })
    return async () => unlisten()
  }
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => cache.heard(payload))
    cache.trust()
    return async () => void unlisten()
  }
  return async () => {}
}
