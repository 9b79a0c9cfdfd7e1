import { sql, type Transaction } from 'kysely'
import { setUserRole } from '../accounts/users-repo.ts'
import type { Db } from '../db/connect.ts'
import type { Database, UserRow } from '../db/schema.ts'
import { suspendedNow } from '../partners/visibility.ts'

export interface UserPageQuery {
  page: number
  size: number
  search: string
  role: '' | UserRow['role']
}

/** Backslash-escapes LIKE's wildcards so a search for "50%" or "a_b" or "\" matches those characters literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** One page of accounts, oldest first, with the total that matches the same filter. */
export async function pageOfUsers(db: Db, query: UserPageQuery): Promise<{ rows: UserRow[]; total: number }> {
  let matching = db.selectFrom('users')
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`
    matching = matching.where(sql<boolean>`(name ilike ${pattern} escape '\\' or email ilike ${pattern} escape '\\')`)
  }
  if (query.role) matching = matching.where('role', '=', query.role)
  const { total } = await matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await matching
    .selectAll()
    .orderBy('id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute()
  return { rows, total: Number(total) }
}

/** The counts of the users' page; suspendedCount: accounts suspended at `now`, of any role (issue 36). */
export async function userStats(db: Db, now: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('totalUsers'),
      sql<number>`count(*) filter (where role = 'ADMIN')`.as('adminCount'),
      sql<number>`count(*) filter (where role = 'USER')`.as('userCount'),
      sql<number>`count(*) filter (where role = 'REVIEWER')`.as('reviewerCount'),
      sql<number>`count(*) filter (where ${suspendedNow('users', now)})`.as('suspendedCount'),
    ])
    .executeTakeFirstOrThrow()
  return {
    totalUsers: Number(row.totalUsers),
    adminCount: Number(row.adminCount),
    userCount: Number(row.userCount),
    reviewerCount: Number(row.reviewerCount),
    suspendedCount: Number(row.suspendedCount),
  }
}

/**
 * Locks every admin row, then the target: two admins demoting or deleting each other at the same moment
 * are serialised, so the "last admin" check cannot be raced into zero admins.
 */
async function lockAdminsAndUser(trx: Transaction<Database>, id: number) {
  const admins = await trx.selectFrom('users').select('id').where('role', '=', 'ADMIN').orderBy('id').forUpdate().execute()
  const user = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  return { adminCount: admins.length, user }
}

export type AdminChange<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'last-admin' }

/** An unchanged role is not written: the token version (and so the user's sign-in) is only cut by a real change. */
export function changeUserRole(db: Db, id: number, role: UserRow['role']): Promise<AdminChange<UserRow>> {
  return db.transaction().execute(async (trx): Promise<AdminChange<UserRow>> => {
    const { adminCount, user } = await lockAdminsAndUser(trx, id)
    if (!user) return { ok: false, reason: 'not-found' }
    if (user.role === role) return { ok: true, value: user }
    if (user.role === 'ADMIN' && adminCount <= 1) return { ok: false, reason: 'last-admin' }
    const updated = await setUserRole(trx, id, role)
    return updated ? { ok: true, value: updated } : { ok: false, reason: 'not-found' }
  })
}

