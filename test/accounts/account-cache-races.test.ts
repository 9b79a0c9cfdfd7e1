import t from 'tap'
import { AccountCache } from '../../server/accounts/account-cache.ts'
import type { UserRow } from '../../server/db/schema.ts'

// The cache's own rules, with reads the test answers by hand: what a read that raced a change may keep, when
// nothing is kept at all, and how many accounts it holds.

const row = (id: number, tokenVersion = 0) => ({ id, name: `User ${id}`, token_version: tokenVersion }) as UserRow

/** A read the test answers later, counting how often the cache asked the database. */
function database() {
  let reads = 0
  let answer: ((row: UserRow) => void) | null = null
  return {
    get reads() {
      return reads
    },
    read: (value?: UserRow) => () => {
      reads += 1
      return value ? Promise.resolve(value) : new Promise<UserRow>((resolve) => (answer = resolve))
    },
    answer: (value: UserRow) => answer!(value),
  }
}

function trustedCache(capacity?: number) {
  const cache = new AccountCache(capacity)
  cache.trust()
  return cache
}

t.test('an account read once is served from memory until it is forgotten', async (t) => {
  const cache = trustedCache()
  const db = database()
  await cache.read(1, db.read(row(1)))
  t.equal((await cache.read(1, db.read(row(1))))?.name, 'User 1')
  t.equal(db.reads, 1, 'read once')
  cache.forget(1)
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 2, 'read again once forgotten')
  t.ok(Object.isFrozen(await cache.read(1, db.read(row(1)))), 'shared by requests, so nobody may change it')
})

t.test('a read that began before a change is answered but not kept', async (t) => {
  const cache = trustedCache()
  const db = database()
  const before = cache.read(1, db.read())
  cache.forget(1) // the change commits while the read is on its way
  db.answer(row(1, 0))
  t.equal((await before)?.token_version, 0, 'the request that asked gets what it read')
  t.equal((await cache.read(1, db.read(row(1, 1))))?.token_version, 1, 'the next one reads the changed row')
  t.equal(db.reads, 2)
})

t.test('a change to anyone while a read is on its way keeps that read out too (one generation for all)', async (t) => {
  const cache = trustedCache()
  const db = database()
  const before = cache.read(1, db.read())
  cache.forget(2)
  db.answer(row(1))
  await before
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 2)
})

t.test('nothing is served or kept while changes may go unheard', async (t) => {
  const cache = new AccountCache()
  const db = database()
  await cache.read(1, db.read(row(1)))
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 2, 'before it is trusted')
  cache.trust()
  await cache.read(1, db.read(row(1)))
  cache.distrust()
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 4, 'the connection lost: what was kept is dropped')
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 5, 'and nothing new is kept')
  const during = cache.read(1, db.read())
  cache.trust()
  db.answer(row(1))
  await during
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 7, 'a read begun before listening again is not kept either')
})

t.test('it holds at most its capacity, dropping the oldest', async (t) => {
  const cache = trustedCache(2)
  const db = database()
  for (const id of [1, 2, 3]) await cache.read(id, db.read(row(id)))
  await cache.read(3, db.read(row(3)))
  await cache.read(2, db.read(row(2)))
  t.equal(db.reads, 3, 'the two newest are kept')
  await cache.read(1, db.read(row(1)))
  t.equal(db.reads, 4, 'the oldest was dropped')
})
