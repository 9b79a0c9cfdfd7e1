import { sql } from 'kysely'
import t from 'tap'
import type { Db } from '../../server/db/connect.ts'
import { toEveryone } from '../../server/live/live-hub.ts'
import type { PresenceChange } from '../../server/sessions/cluster/bus.ts'
import { inProcessBus } from '../../server/sessions/cluster/bus.ts'
import { clusterPresence } from '../../server/sessions/cluster/cluster-presence.ts'
import { connectPostgres } from '../../server/db/connect.ts'
import { databaseKind, freshDatabase, createPostgresDatabase } from '../helpers/db.ts'

// Presence with an expiry (issue 13): connections are stored in PostgreSQL and count while their instance's
// heartbeat stamps it, so a connection whose instance died stops counting, and a new instance sees the others'
// connections at once. A heartbeat writes one row however many connections its instance holds (issue 15).
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
  const presence = clusterPresence({ live, presence: inProcessBus(() => {}).presence, db, log, ...timing })
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

  // The first keeps stamping itself, so its connection stays online elsewhere past the expiry.
  const stampedAt = Date.now()
  await until('a heartbeat after the expiry', async () => {
    const stamps = await poolOfSecond.db.selectFrom('live_instances').select('last_seen').execute()
    return stamps.length === 2 && stamps.every((row) => new Date(row.last_seen).getTime() > stampedAt + timing.expiryMs)
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

t.test('a heartbeat stamps its instance, not each connection; an instance removed as expired stores its connections again', { skip: !process.env.DATABASE_URL && 'several instances need PostgreSQL' }, async (t) => {
  const fresh = await createPostgresDatabase(process.env.DATABASE_URL!)
  const [poolOfFirst, poolOfSecond] = [await connectPostgres(fresh.url), await connectPostgres(fresh.url)]
  const first = instance(poolOfFirst.db)
  await first.presence.start()
  for (let userId = 1; userId <= 40; userId += 1) first.live.set('ROOM-H', userId, true)
  const second = instance(poolOfSecond.db)
  await second.presence.start()
  t.teardown(async () => {
    await first.presence.close()
    await second.presence.close()
    await Promise.all([poolOfFirst.close(), poolOfSecond.close()])
    await fresh.drop()
  })
  const db = poolOfSecond.db
  await until('the 40 connections stored', async () => (await db.selectFrom('live_presence').select('user_id').execute()).length === 40)
  // xmin is the transaction that last wrote a row: a connection row rewritten by a heartbeat gets a new one.
  const versions = async () => (await sql<{ xmin: string }>`select xmin::text from live_presence order by user_id`.execute(db)).rows.map((row) => row.xmin)
  const instanceStamp = async () => (await sql<{ xmin: string }>`select xmin::text from live_instances order by instance_id`.execute(db)).rows.map((row) => row.xmin).join()
  const [before, stampBefore] = [await versions(), await instanceStamp()]
  await until('a heartbeat of either instance', async () => (await instanceStamp()) !== stampBefore)
  const stampSeen = await instanceStamp()
  await until('yet another heartbeat', async () => (await instanceStamp()) !== stampSeen)
  t.same(await versions(), before, 'no connection row was written by the heartbeats')

  // As another instance does with one that lost the database past the expiry: its row goes, its connections too.
  await sql`delete from live_instances where instance_id in (select instance_id from live_presence)`.execute(db)
  t.equal((await db.selectFrom('live_presence').select('user_id').execute()).length, 0, 'its connections went with it')
  await until('the connections stored again by its next heartbeat', async () => (await db.selectFrom('live_presence').select('user_id').execute()).length === 40)
  await until('the other instance sees them online again', () => second.presence.isOnline('ROOM-H', 40))
  t.pass('back online everywhere')
})
