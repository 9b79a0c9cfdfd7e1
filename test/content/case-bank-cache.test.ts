import t from 'tap'
import { CASE_BANK_CHANNEL, CaseBankCache, startCaseBankCache, type BankFacts, type BankNeeds } from '../../server/content/case-bank-cache.ts'
import type { DatabaseHandle } from '../../server/db/connect.ts'
import type { PgListener, Subscriber } from '../../server/db/pg-listener.ts'

// The cache's own rules, with reads the test answers by hand: what is read and what is served from memory, what a
// read that raced a change may keep, when nothing is kept at all, and how many mark schemes it holds.

const catalog = (name: string) => ({ cases: [{ id: 1, categoryName: name, recallDates: ['2030-01-01'] }], categoryNames: [name] })
const criteria = (name: string) => [{ id: 'c1', name, domain: null, subCriteria: [] }]
const version1 = (caseId: number) => ({ caseId, version: 1 })
const everything: BankNeeds = { catalog: true, criteriaOf: version1(1) }

/** Reads the test answers now (a name) or later (`answer`), recording what the cache asked for. */
function database() {
  const asked: BankNeeds[] = []
  let answer: ((name: string) => void) | null = null
  const facts = (missing: BankNeeds, name: string): BankFacts => ({
    catalog: missing.catalog ? catalog(name) : null,
    scheme: missing.criteriaOf === null ? null : { criteria: criteria(name), station: { checklistIds: [], factIds: [] } },
  })
  return {
    asked,
    read: (name?: string) => async (missing: BankNeeds) => {
      asked.push(missing)
      return name ? facts(missing, name) : new Promise<BankFacts>((resolve) => (answer = (later) => resolve(facts(missing, later))))
    },
    answer: (name: string) => answer!(name),
  }
}

function trustedCache(capacity?: number) {
  const cache = new CaseBankCache(capacity)
  cache.trust()
  return cache
}

t.test('what was read is served from memory; only what is missing is read', async (t) => {
  const cache = trustedCache()
  const db = database()
  await cache.read({ catalog: true, criteriaOf: null }, db.read('Cardiology'))
  const both = await cache.read(everything, db.read('Cardiology'))
  t.same(db.asked, [{ catalog: true, criteriaOf: null }, { catalog: false, criteriaOf: version1(1) }], 'the catalog once, then the mark scheme alone')
  t.equal(both.catalog?.categoryNames[0], 'Cardiology')
  await cache.read(everything, db.read('Cardiology'))
  t.equal(db.asked.length, 2, 'nothing read the third time')
  t.same(await cache.read({ catalog: false, criteriaOf: null }, db.read('Cardiology')), { catalog: null, scheme: null }, 'nothing asked, nothing read')
  t.ok(Object.isFrozen(both.catalog!.cases[0].recallDates), 'shared by decisions, so nobody may change it')
  cache.forgetAll()
  await cache.read(everything, db.read('Cardiology'))
  t.same(db.asked.at(-1), everything, 'read again once forgotten')
})

t.test('a read that began before a change is answered but not kept', async (t) => {
  const cache = trustedCache()
  const db = database()
  const before = cache.read(everything, db.read())
  cache.forgetAll() // the change commits while the read is on its way
  db.answer('Cardiology')
  t.equal((await before).catalog?.categoryNames[0], 'Cardiology', 'the command that asked gets what it read')
  t.equal((await cache.read(everything, db.read('Heart'))).catalog?.categoryNames[0], 'Heart', 'the next one reads the changed bank')
  t.equal(db.asked.length, 2)
})

t.test('nothing is served or kept while changes may go unheard', async (t) => {
  const cache = new CaseBankCache()
  const db = database()
  await cache.read(everything, db.read('Cardiology'))
  await cache.read(everything, db.read('Cardiology'))
  t.equal(db.asked.length, 2, 'before it is trusted')
  cache.trust()
  await cache.read(everything, db.read('Cardiology'))
  cache.distrust()
  await cache.read(everything, db.read('Cardiology'))
  t.equal(db.asked.length, 4, 'the connection lost: what was kept is dropped')
  await cache.read(everything, db.read('Cardiology'))
  t.equal(db.asked.length, 5, 'and nothing new is kept')
  const during = cache.read(everything, db.read())
  cache.trust()
  db.answer('Cardiology')
  await during
  await cache.read(everything, db.read('Cardiology'))
  t.equal(db.asked.length, 7, 'a read begun before listening again is not kept either')
})

t.test('it holds at most its capacity of mark schemes, dropping the oldest', async (t) => {
  const cache = trustedCache(2)
  const db = database()
  for (const id of [1, 2, 3]) await cache.read({ catalog: false, criteriaOf: version1(id) }, db.read('Cardiology'))
  await cache.read({ catalog: false, criteriaOf: version1(3) }, db.read('Cardiology'))
  await cache.read({ catalog: false, criteriaOf: version1(2) }, db.read('Cardiology'))
  t.equal(db.asked.length, 3, 'the two newest are kept')
  await cache.read({ catalog: false, criteriaOf: version1(1) }, db.read('Cardiology'))
  t.equal(db.asked.length, 4, 'the oldest was dropped')
  await cache.read({ catalog: false, criteriaOf: { caseId: 1, version: 2 } }, db.read('Cardiology'))
  t.equal(db.asked.length, 5, 'another version of a held case is a scheme of its own')
})

t.test('on PostgreSQL it trusts the LISTEN connection only while it is up, and forgets at every notice', async (t) => {
  let subscriber: Subscriber | null = null
  const listener = { subscribe: (given: Subscriber) => ((subscriber = given), () => (subscriber = null)) } as unknown as PgListener
  const service = await startCaseBankCache({ pglite: null } as unknown as DatabaseHandle, listener)
  const db = database()
  const read = () => service.cache.read(everything, db.read('Cardiology'))
  t.same(subscriber!.channels, [CASE_BANK_CHANNEL])
  await read()
  await read()
  t.equal(db.asked.length, 2, 'not listening yet: read every time')
  await subscriber!.onListening?.()
  await read()
  await read()
  t.equal(db.asked.length, 3, 'listening: read once')
  subscriber!.onNotification(CASE_BANK_CHANNEL, 'cases')
  await read()
  t.equal(db.asked.length, 4, 'a notice: read again')
  subscriber!.onLost?.()
  await read()
  await read()
  t.equal(db.asked.length, 6, 'the connection lost: read every time')
  await service.close()
  t.equal(subscriber, null, 'closing stops hearing')
})
