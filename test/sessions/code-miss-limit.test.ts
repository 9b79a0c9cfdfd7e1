import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyRequest } from 'fastify'
import t from 'tap'
import type { PgListener, Subscriber } from '../../server/db/pg-listener.ts'
import { sharedRateLimitStore } from '../../server/rate-limit-store.ts'
import { CODE_BUDGET_SPENT_CHANNEL, CODE_MISS_KEY_PREFIX, CODE_MISSES_PER_MINUTE, codeMissLimit } from '../../server/sessions/http/code-miss-limit.ts'
import { databaseKind, freshDatabase } from '../helpers/db.ts'
import { countStatements } from '../helpers/statement-counter.ts'

// The wrong-code limit of one instance, with a stand-in for its LISTEN connection, so that the test decides when
// the connection is up, lost and back, and what is heard: the shared store is the real one (on either database).

const counter = countStatements()
const database = await freshDatabase()
t.teardown(() => database.close())

async function instance() {
  const app = Fastify({ logger: false })
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(app, database.db) })
  let subscriber: Subscriber | undefined
  const notices: string[] = []
  const listener: PgListener = {
    subscribe: (given) => ((subscriber = given), () => {}),
    start: async () => {},
    notify: async (channel, payload) => void notices.push(`${channel} ${payload}`),
    close: async () => {},
  }
  let offset = 0
  const limit = codeMissLimit(app, { listener, db: database.db, now: () => Date.now() + offset })
  // Another instance's count of the same budget, whose notices this one does not hear.
  const elsewhere = app.createRateLimit({ max: CODE_MISSES_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => CODE_MISS_KEY_PREFIX + request.currentUser.id })
  t.teardown(() => app.close())
  return { limit, elsewhere, heard: subscriber!, notices, moveOn: (ms: number) => (offset += ms) }
}

const requestOf = (userId: number) => ({ currentUser: { id: userId }, routeOptions: { config: {} }, log: { warn() {} } }) as unknown as FastifyRequest
const refusal = { statusCode: 429, message: /^Too many wrong session codes\. Please wait \d+ seconds/ }
const spend = async (count: (request: FastifyRequest) => Promise<unknown>, userId: number) => {
  for (let n = 0; n < CODE_MISSES_PER_MINUTE; n += 1) await count(requestOf(userId))
}

t.test(`while the connection is down the shared count is read; once back, what was missed is read once (${databaseKind()})`, async (t) => {
  const { limit, elsewhere, heard } = await instance()
  await heard.onListening?.()
  await spend(elsewhere, 1)
  const unheard = await counter.of(() => limit.check(requestOf(1)))
  t.equal(unheard.statements, 0, 'up: nothing is read, so a budget spent unheard goes unnoticed')

  heard.onLost?.()
  await spend(elsewhere, 2)
  await t.rejects(limit.check(requestOf(2)), refusal, 'down: the shared count refuses')
  const fresh = await counter.of(() => limit.check(requestOf(3)))
  t.equal(fresh.statements, 1, 'down: every check reads the count')

  await heard.onListening?.()
  const known = await counter.of(() => t.rejects(limit.check(requestOf(1)), refusal))
  t.equal(known.statements, 0, 'back: the budgets spent in the meantime were read as it listened, and are refused from memory')
  t.equal((await counter.of(() => limit.check(requestOf(3)))).statements, 0, 'back: nothing read for a user who has codes left')
})

t.test('a catch-up that a loss overtakes does not trust the connection', async (t) => {
  const { limit, elsewhere, heard } = await instance()
  const catchingUp = heard.onListening?.()
  heard.onLost?.()
  await catchingUp
  await spend(elsewhere, 4)
  await t.rejects(limit.check(requestOf(4)), refusal, 'still reads the shared count')
})

t.test('the count that reaches the limit tells the others; what is heard is held until the window ends', async (t) => {
  const { limit, heard, notices, moveOn } = await instance()
  await heard.onListening?.()
  for (let n = 1; n < CODE_MISSES_PER_MINUTE; n += 1) await limit.miss(requestOf(5))
  t.same(notices, [], 'nothing to tell while codes are left')
  await limit.miss(requestOf(5))
  t.match(notices, [new RegExp(`^${CODE_BUDGET_SPENT_CHANNEL} 5:\\d+$`)], 'the 30th wrong code is announced')
  await t.rejects(limit.check(requestOf(5)), refusal)

  heard.onNotification(CODE_BUDGET_SPENT_CHANNEL, '6:20000')
  heard.onNotification(CODE_BUDGET_SPENT_CHANNEL, 'not ours')
  await t.rejects(limit.check(requestOf(6)), { statusCode: 429, message: /Please wait 20 seconds/ }, 'heard from another instance')
  moveOn(20_000)
  await t.resolves(limit.check(requestOf(6)), 'let in once the window it was told of ends')
})
