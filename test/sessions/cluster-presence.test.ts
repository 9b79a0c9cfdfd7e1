import t from 'tap'
import type { Db } from '../../server/db/connect.ts'
import { toEveryone } from '../../server/live/hub.ts'
import type { PresenceChange } from '../../server/sessions/bus.ts'
import { inProcessBus } from '../../server/sessions/bus.ts'
import { clusterPresence } from '../../server/sessions/cluster-presence.ts'
import { connectPostgres } from '../../server/db/connect.ts'
import { databaseKind, freshDatabase, createPostgresDatabase } from '../helpers/db.ts'

// Presence with an expiry (issue 13): connections are stamped in PostgreSQL by their instance's heartbeat, so a
// connection whose instance died stops counting, and a new instance sees the others' connections at once.
// The intervals are injected: 50 ms heartbeats, 300 ms expiry. The real product with killed processes is in
// test/server/several-instances.test.ts.

const database = await freshDatabase()
t.teardown(() => database.close())
const timing = { heartbeatMs: 50, expiryMs: 300 }
const log = { warn: () => {} }

/** One instance's live channel, driven by hand. */
function fakeLive() {
  const online = new Set<string>()
  const listeners = new Set<(change: PresenceChange) => void>()
  const published: Array<{ sessionCode: string; version: number | null }> = []
  return {
    published,
    publish: (sessionCode: string, _render: unknown, version: number | null) => void published.push({ sessionCode, version }),
    isOnline: (code: string, userId: number) => online.has(`${code}/${userId}`),
    onPresence(listener: (change: PresenceChange) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(sessionCode: string, userId: number, isOnline: boolean) {
      if (isOnline) online.add(`${sessionCode}/${userId}`)
      else online.delete(`${sessionCode}/${userId}`)
      for (const listener of listeners) listener({ sessionCode, userId, online: isOnline })
    },
  }
}

function instance(db: Db | null = database.pool ? database.db : null) {
  const live = fakeLive()
  const presence = clusterPresence({ live, bus: inProcessBus(() => {}), db, log, ...timing })
  const heard: PresenceChange[] = []
  presence.onPresence((change) => heard.push(change))
  return { live, presence, heard }
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('messages pass through with the version of the commit they tell of, which decides who has heard it already', async (t) => {
  const { live, presence } = instance(null)
  presence.publish('ROOM-V', toEveryone({}), 7)
  presence.publish('ROOM-V', toEveryone({}), null)
  t.same(live.published, [{ sessionCode: 'ROOM-V', version: 7 }, { sessionCode: 'ROOM-V', version: null }])
})

t.test(`one instance: presence is its own connections (${databaseKind()})`, async (t) => {
  const { live, presence, heard } = instance()
  await presence.start()
  t.teardown(() => presence.close())
  live.set('ROOM-A', 1, true)
  t.equal(presence.isOnline('ROOM-A', 1), true)
  live.set('ROOM-A', 1, false)
  t.equal(presence.isOnline('ROOM-A', 1), false)
  t.same(heard.map((c) => c.online), [true, false])
})

t.test('another instance\'s connection counts until its heartbeat stops, then expires', { skip: !process.env.DATABASE_URL && 'several instances need PostgreSQL' }, async (t) => {
  // Each instance has its own pool, as separate processes do: the first one's is cut to make it die.
  const fresh = await createPostgresDatabase(process.env.DATABASE_URL!)
  const [poolOfFirst, poolOfSecond] = [await connectPostgres(fresh.url), await connectPostgres(fresh.url)]
  const first = instance(poolOfFirst.db)
  await first.presence.start()
  first.live.set('ROOM-B', 2, true)

  const second = instance(poolOfSecond.db)
  await second.presence.start()
  t.teardown(async () => {
    await first.presence.close()
    await second.presence.close()
    await poolOfSecond.close()
    await fresh.drop()
  })
  t.equal(second.presence.isOnline('ROOM-B', 2), true, 'a new instance sees at once who is connected to the others')

  // The first keeps stamping its connection, so it stays online elsewhere past the expiry.
  const stampedAt = Date.now()
  await until('a heartbeat after the expiry', async () => {
    const row = await poolOfSecond.db.selectFrom('live_presence').select('last_seen').where('session_code', '=', 'ROOM-B').executeTakeFirst()
    return row !== undefined && new Date(row.last_seen).getTime() > stampedAt + timing.expiryMs
  })
  t.equal(second.presence.isOnline('ROOM-B', 2), true, 'still online: its instance is alive')
  t.same(second.heard, [{ sessionCode: 'ROOM-B', userId: 2, online: true }])

  // The first instance loses the database without a word (as a killed one does): its stamps stop.
  await poolOfFirst.close()
  const diedAt = Date.now()
  await until('the connection to expire', () => !second.presence.isOnline('ROOM-B', 2))
  t.ok(Date.now() - diedAt < timing.expiryMs + timing.heartbeatMs + 500, `offline after ${Date.now() - diedAt} ms: within expiry + heartbeat`)
  t.same(second.heard.at(-1), { sessionCode: 'ROOM-B', userId: 2, online: false }, 'the offline rule hears it')
})
