import type { DatabaseHandle } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { listenWithReconnect, type Listener } from '../sessions/pg-listener.ts'

/** Announced by the `users` table's trigger (migrations/0009) with the user id, after every update and delete. */
export const ACCOUNT_CHANGED_CHANNEL = 'account_changed'
const DEFAULT_CAPACITY = 5000

/**
 * The accounts this instance has read, so that a signed-in request costs no round trip for its account. An
 * entry lives until the account changes: the database announces every change (a trigger), and this instance's
 * own changes are also forgotten here as soon as they commit (`forget`), before the notice can arrive. Nothing
 * is trusted while a notice could be missed (the LISTEN connection is down); a reconnection starts empty.
 */
export class AccountCache {
  private readonly rows = new Map<number, Readonly<UserRow>>()
  /** Bumped by every forgetting: a read that began before one must not store what it read (it may be stale). */
  private generation = 0
  private trusted = false

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  async read(id: number, load: () => Promise<UserRow | undefined>): Promise<Readonly<UserRow> | undefined> {
    const cached = this.rows.get(id)
    if (cached) return cached
    const began = this.generation
    const row = await load()
    if (!row || !this.trusted || began !== this.generation) return row
    // Shared by every request of this account from now on: nobody may change it in place.
    const stored = Object.freeze(row)
    this.rows.set(id, stored)
    // A Map keeps insertion order: the first key is the oldest entry.
    if (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!)
    return stored
  }

  /** The account changed (here, committed; or announced): its next request reads it again. */
  forget(id: number) {
    this.generation += 1
    this.rows.delete(id)
  }

  forgetAll() {
    this.generation += 1
    this.rows.clear()
  }

  /** Changes may now go unheard: nothing cached is served, nothing read is kept, until `trust`. */
  distrust() {
    this.trusted = false
    this.forgetAll()
  }

  /** Every change from now on will be heard; whatever happened before is read again. */
  trust() {
    this.forgetAll()
    this.trusted = true
  }
}

export interface AccountCacheService {
  cache: AccountCache
  close(): Promise<void>
}

/**
 * Starts the cache and how it hears changes: on PostgreSQL its own LISTEN connection, which reconnects (the
 * cache is distrusted while it is down, emptied when it is back); on the embedded database the thread forwards
 * its notices (one process, nothing to miss).
 */
export async function startAccountCache(database: DatabaseHandle, log: { warn(object: unknown, message: string): void }): Promise<AccountCacheService> {
  const cache = new AccountCache()
  const heard = (payload: string) => {
    const id = Number(payload)
    if (Number.isSafeInteger(id)) cache.forget(id)
    else cache.forgetAll() // not ours (anyone may NOTIFY): forgetting everything is always safe
  }
  let stop = async () => {}
  if (database.pool) {
    const listener: Listener = await listenWithReconnect({
      pool: database.pool,
      channels: [ACCOUNT_CHANGED_CHANNEL],
      applicationName: `plab-accounts-${process.pid}`,
      onNotification: (_channel, payload) => heard(payload),
      onListening: async () => cache.trust(),
      onLost: () => cache.distrust(),
      log,
    })
    stop = () => listener.close()
  } else if (database.pglite) {
    const unlisten = await database.pglite.listen(ACCOUNT_CHANGED_CHANNEL, heard)
    stop = async () => void unlisten()
    cache.trust()
  }
  return { cache, close: () => stop() }
}
