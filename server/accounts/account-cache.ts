import type { DatabaseHandle } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { hearChanges, NoticeKeptCache } from '../db/change-notices.ts'
import type { PgListener } from '../db/pg-listener.ts'

/** Announced by the `users` table's trigger (migrations/0009) with the user id, after every update and delete. */
export const ACCOUNT_CHANGED_CHANNEL = 'account_changed'
const DEFAULT_CAPACITY = 5000

/**
 * The accounts this instance has read, so that a signed-in request costs no round trip for its account. An
 * entry lives until the account changes: the database announces every change (a trigger), and this instance's
 * own changes are also forgotten here as soon as they commit (`forget`), before the notice can arrive. Nothing
 * is trusted while a notice could be missed (the LISTEN connection is down); a reconnection starts empty.
 */
export class AccountCache extends NoticeKeptCache {
  private readonly rows = new Map<number, Readonly<UserRow>>()

  constructor(private readonly capacity = DEFAULT_CAPACITY) {
    super()
  }

  async read(id: number, load: () => Promise<UserRow | undefined>): Promise<Readonly<UserRow> | undefined> {
    const cached = this.rows.get(id)
    if (cached) return cached
    const began = this.generation
    const row = await load()
    if (!row || !this.mayKeep(began)) return row
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

  /** The trigger's payload is the user id; anything else is not ours (anyone may NOTIFY): forgetting all is safe. */
  heard(payload: string) {
    const id = Number(payload)
    if (Number.isSafeInteger(id)) this.forget(id)
    else this.forgetAll()
  }

  protected clear() {
    this.rows.clear()
  }
}

export interface AccountCacheService {
  cache: AccountCache
  close(): Promise<void>
}

/** Starts the cache, kept by the accounts' change notices (change-notices.ts). */
export async function startAccountCache(database: DatabaseHandle, listener: PgListener | null): Promise<AccountCacheService> {
  const cache = new AccountCache()
  const close = await hearChanges(database, listener, ACCOUNT_CHANGED_CHANNEL, cache)
  return { cache, close }
}
