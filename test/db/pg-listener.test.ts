import { EventEmitter } from 'node:events'
import type pg from 'pg'
import t from 'tap'
import { createPgListener, type Subscriber } from '../../server/db/pg-listener.ts'

// The instance's one LISTEN connection against a pool that can refuse connections and lose them, as PostgreSQL
// does while it restarts: what a real server cannot be made to do in a shared test database.
class FakeConnection extends EventEmitter {
  readonly queries: string[] = []
  released: boolean | undefined

  async query(text: string, values: unknown[] = []) {
    this.queries.push([text, ...values].join(' '))
  }

  release(destroy?: boolean) {
    if (this.released !== undefined) throw new Error('released twice')
    this.released = destroy ?? false
  }
}

function flakyPool() {
  const connections: FakeConnection[] = []
  let refusals = 0
  const pool = {
    async connect() {
      if (refusals > 0) {
        refusals -= 1
        throw new Error('connect ECONNREFUSED')
      }
      connections.push(new FakeConnection())
      return connections.at(-1)
    },
  } as unknown as pg.Pool
  return { pool, connections, refuseNext: (count: number) => (refusals = count) }
}

async function poll(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A subscriber that records what it is told; its catch-up runs `catchUp` (by default, nothing). */
function recorder(channels: string[], catchUp: (attempt: number) => Promise<void> = async () => {}) {
  const record = { heard: [] as string[], listenings: 0, losses: 0, trusted: false }
  const subscriber: Subscriber = {
    channels,
    onNotification: (channel, payload) => record.heard.push(`${channel}:${payload}`),
    onListening: async () => {
      record.listenings += 1
      record.trusted = true
      await catchUp(record.listenings)
    },
    onLost: () => {
      record.losses += 1
      record.trusted = false
    },
  }
  return { record, subscriber }
}

function listener(pool: pg.Pool, warnings: string[] = []) {
  return createPgListener({ pool, applicationName: 'plab-test-listen', log: { warn: (_object, message) => warnings.push(message) }, backoff: { firstMs: 5, maxMs: 20 } })
}

t.test('one connection LISTENs on every subscriber’s channels and hands each notification to its subscriber', async (t) => {
  const { pool, connections } = flakyPool()
  const shared = listener(pool)
  const bus = recorder(['one', 'two'])
  const board = recorder(['three'])
  shared.subscribe(bus.subscriber)
  const stopBoard = shared.subscribe(board.subscriber)
  t.throws(() => shared.subscribe(recorder(['three']).subscriber), /has a subscriber already/)
  await shared.start()
  t.equal(connections.length, 1)
  t.same(connections[0].queries, ['select set_config($1, $2, false) application_name plab-test-listen', 'LISTEN one; LISTEN two; LISTEN three'])
  t.same([bus.record.listenings, board.record.listenings], [1, 1])
  t.throws(() => shared.subscribe(recorder(['four']).subscriber), /before the LISTEN connection starts/)

  connections[0].emit('notification', { channel: 'two', payload: 'a' })
  connections[0].emit('notification', { channel: 'three', payload: '' })
  connections[0].emit('notification', { channel: 'unknown', payload: 'b' })
  t.same(bus.record.heard, ['two:a'])
  t.same(board.record.heard, ['three:'], 'an empty payload is a notice too')
  stopBoard()
  connections[0].emit('notification', { channel: 'three', payload: 'c' })
  t.same(board.record.heard, ['three:'], 'nothing after unsubscribing')
  await shared.close()
})

t.test('a lost connection is told to every subscriber, replaced through refusals, caught up again; close ends it for good', async (t) => {
  const { pool, connections, refuseNext } = flakyPool()
  const warnings: string[] = []
  const shared = listener(pool, warnings)
  const [bus, accounts] = [recorder(['one']), recorder(['two'])]
  shared.subscribe(bus.subscriber)
  shared.subscribe(accounts.subscriber)
  await shared.start()

  refuseNext(3)
  connections[0].emit('error', new Error('terminating connection due to administrator command'))
  t.equal(connections[0].released, true, 'the broken connection is destroyed, not pooled')
  t.same([bus.record.losses, accounts.record.losses], [1, 1], 'the loss is told at once: notifications may be missed until the next LISTEN')
  t.notOk(accounts.record.trusted)
  await poll(() => bus.record.listenings === 2 && accounts.record.listenings === 2, 'the second LISTEN')
  t.equal(connections.length, 2, 'one new connection, after three refusals')
  t.same(connections[1].queries.at(-1), 'LISTEN one; LISTEN two')
  t.same(warnings, ['lost the LISTEN connection; reconnecting', ...Array(3).fill('could not LISTEN again; retrying')])

  connections[1].emit('notification', { channel: 'one', payload: '{"sessionId":1,"version":2}' })
  t.same(bus.record.heard, ['one:{"sessionId":1,"version":2}'], 'the new connection is listened to')

  await shared.close()
  t.equal(connections[1].released, true)
  connections[1].emit('end')
  t.equal(warnings.length, 4, 'a connection closed on purpose is not taken for lost (nothing reconnects)')
  t.same([bus.record.losses, accounts.record.losses], [1, 1])
})

t.test('one subscriber’s failed catch-up drops the connection for all of them and tries again', async (t) => {
  const { pool, connections } = flakyPool()
  const shared = listener(pool)
  const accounts = recorder(['accounts'])
  const bus = recorder(['bus'], async (attempt) => {
    if (attempt === 2) throw new Error('the store is down')
  })
  shared.subscribe(accounts.subscriber)
  shared.subscribe(bus.subscriber)
  await shared.start()
  connections[0].emit('end')
  await poll(() => bus.record.listenings === 3, 'a third catch-up')
  t.equal(connections[1].released, true, 'the connection whose catch-up failed is dropped')
  t.equal(connections[2].released, undefined, 'the next one is kept')
  t.equal(accounts.record.losses, 2, 'the account cache, trusting the second connection, was told it was dropped')
  t.ok(accounts.record.trusted)
  t.equal(accounts.record.listenings, 3)
  await shared.close()
})

t.test('an instance that cannot listen at start-up does not start', async (t) => {
  const { pool, refuseNext } = flakyPool()
  refuseNext(1)
  const shared = listener(pool)
  shared.subscribe(recorder(['one']).subscriber)
  await t.rejects(shared.start(), /ECONNREFUSED/)
})
