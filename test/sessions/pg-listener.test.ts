import { EventEmitter } from 'node:events'
import type pg from 'pg'
import t from 'tap'
import { listenWithReconnect } from '../../server/sessions/pg-listener.ts'

// The LISTEN connection against a pool that can refuse connections and lose them, as PostgreSQL does while it
// restarts: what a real server cannot be made to do in a shared test database.
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

function start(pool: pg.Pool) {
  const heard: string[] = []
  const warnings: string[] = []
  let listenings = 0
  let losses = 0
  const listener = listenWithReconnect({
    pool,
    channels: ['one', 'two'],
    applicationName: 'plab-test-bus',
    onNotification: (channel, payload) => heard.push(`${channel}:${payload}`),
    onListening: async () => {
      listenings += 1
    },
    onLost: () => {
      losses += 1
    },
    log: { warn: (_object, message) => warnings.push(message) },
    backoff: { firstMs: 5, maxMs: 20 },
  })
  return { listener, heard, warnings, listenings: () => listenings, losses: () => losses }
}

t.test('a lost connection is replaced, through refusals, and caught up again; close ends it for good', async (t) => {
  const { pool, connections, refuseNext } = flakyPool()
  const { listener, heard, warnings, listenings, losses } = start(pool)
  const running = await listener
  t.same(connections[0].queries, ['select set_config($1, $2, false) application_name plab-test-bus', 'LISTEN one; LISTEN two'])
  t.equal(listenings(), 1)

  refuseNext(3)
  connections[0].emit('error', new Error('terminating connection due to administrator command'))
  t.equal(connections[0].released, true, 'the broken connection is destroyed, not pooled')
  t.equal(losses(), 1, 'the loss is told at once: notifications may be missed until the next LISTEN')
  await poll(() => listenings() === 2, 'the second LISTEN')
  t.equal(connections.length, 2, 'one new connection, after three refusals')
  t.same(warnings, ['lost the LISTEN connection; reconnecting', ...Array(3).fill('could not LISTEN again; retrying')])

  connections[1].emit('notification', { channel: 'one', payload: '{"sessionId":1,"version":2}' })
  t.same(heard, ['one:{"sessionId":1,"version":2}'], 'the new connection is listened to')

  await running.close()
  t.equal(connections[1].released, true)
  connections[1].emit('end')
  t.equal(warnings.length, 4, 'a connection closed on purpose is not taken for lost (nothing reconnects)')
  t.equal(losses(), 1)
})

t.test('a catch-up that fails drops the connection and tries again', async (t) => {
  const { pool, connections } = flakyPool()
  let attempts = 0
  const listener = await listenWithReconnect({
    pool,
    channels: ['one'],
    applicationName: 'plab-test-bus',
    onNotification: () => {},
    onListening: async () => {
      attempts += 1
      if (attempts === 2) throw new Error('the store is down')
    },
    log: { warn: () => {} },
    backoff: { firstMs: 5, maxMs: 20 },
  })
  connections[0].emit('end')
  await poll(() => attempts === 3, 'a third catch-up')
  t.equal(connections[1].released, true, 'the connection whose catch-up failed is dropped')
  t.equal(connections[2].released, undefined, 'the next one is kept')
  await listener.close()
})

t.test('an instance that cannot listen at start-up does not start', async (t) => {
  const { pool, refuseNext } = flakyPool()
  refuseNext(1)
  await t.rejects(start(pool).listener, /ECONNREFUSED/)
})
