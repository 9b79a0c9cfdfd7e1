import t from 'tap'
import { freshDatabase, databaseKind } from '../helpers/db.ts'
import { appendEvents, ConcurrencyError, readEventData, readStream, RefusedAppend } from '../../server/sessions/store/event-store.ts'
import { sql } from 'kysely'

const handle = await freshDatabase()
t.teardown(() => handle.close())
const { db } = handle
const append = (request: Parameters<typeof appendEvents>[1]) => appendEvents(db, request)
const event = (type: string, n: number) => ({ type, payload: { n } })

t.test(`appends in order and reads the stream back (${databaseKind()})`, async (t) => {
  const first = await append({ sessionId: 1, expectedVersion: 0, events: [event('A', 1), event('B', 2)], actorUserId: 7 })
  t.same(first.events.map((e) => [e.version, e.type]), [[1, 'A'], [2, 'B']])
  await append({ sessionId: 1, expectedVersion: 2, events: [event('C', 3)], actorUserId: null })
  const stream = await readStream(db, 1)
  t.same(stream.map((e) => e.version), [1, 2, 3])
  t.same(stream.map((e) => e.payload), [{ n: 1 }, { n: 2 }, { n: 3 }])
  t.equal(stream[0].actorUserId, 7)
  t.ok(stream[0].recordedAt instanceof Date)
  t.same((await readStream(db, 1, { from: 2, to: 2 })).map((e) => e.type), ['B'])
  // What loading a session folds: type and payload only, in the same order and window.
  t.same(await readEventData(db, 1), [event('A', 1), event('B', 2), event('C', 3)])
  t.same(await readEventData(db, 1, { from: 2, to: 3 }), [event('B', 2), event('C', 3)])
})

t.test('an append answers its events as a read of the log gives them', async (t) => {
  const payloads = [{ n: 1.5, at: 1764040000000, nested: { list: [1, 'two'], none: null } }, { text: 'Zoë: "quoted"\n', empty: {} }]
  const { events } = await append({ sessionId: 9, expectedVersion: 0, events: payloads.map((payload, n) => ({ type: `T${n}`, payload })), actorUserId: 4, commandId: 'c-9' })
  t.strictSame(events, await readStream(db, 9), 'versions, types, payloads, actor, command id and the time the database stamped')
  t.ok(events.every((stored) => stored.recordedAt instanceof Date && !Number.isNaN(stored.recordedAt.getTime())))
})

t.test('a stale expected version is rejected and nothing is written', async (t) => {
  await append({ sessionId: 2, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1 })
  await t.rejects(append({ sessionId: 2, expectedVersion: 0, events: [event('X', 9)], actorUserId: 1 }), { name: 'ConcurrencyError' })
  t.same((await readStream(db, 2)).map((e) => e.type), ['A'])
})

t.test('two racing appends at the same version: exactly one wins', async (t) => {
  await append({ sessionId: 3, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1 })
  const results = await Promise.allSettled([
    append({ sessionId: 3, expectedVersion: 1, events: [event('left', 1)], actorUserId: 1 }),
    append({ sessionId: 3, expectedVersion: 1, events: [event('right', 2)], actorUserId: 2 }),
  ])
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1)
  const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
  t.type(rejected.reason, ConcurrencyError)
  t.same((await readStream(db, 3)).map((e) => e.version), [1, 2])
})

t.test('a retried command is answered from the log, not appended again', async (t) => {
  const once = await append({ sessionId: 4, expectedVersion: 0, events: [event('A', 1), event('B', 2)], actorUserId: 1, commandId: 'cmd-1' })
  t.equal(once.duplicate, false)
  const again = await append({ sessionId: 4, expectedVersion: 0, events: [event('A', 1), event('B', 2)], actorUserId: 1, commandId: 'cmd-1' })
  t.equal(again.duplicate, true)
  t.same(again.events.map((e) => e.version), [1, 2])
  t.equal((await readStream(db, 4)).length, 2)
})

t.test('a refusal read by the append: when it holds, nothing of the statement is written and its reason is the error', async (t) => {
  const marker = sql`insert into alongside_marks (session_id) values (6)`
  await sql`create table alongside_marks (session_id int not null)`.execute(db)
  const refusal = (holds: boolean) => ({ when: sql<boolean>`${holds}::boolean`, reason: 'Not yet: the room opens at 10:00' })
  const refused = append({ sessionId: 6, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1, refusals: [refusal(false), refusal(true)] })
  await t.rejects(refused, new RefusedAppend('Not yet: the room opens at 10:00'))
  t.same(await readStream(db, 6), [], 'no event')
  // A write alongside the append is undone with it.
  await t.rejects(appendEvents(db, { sessionId: 6, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1, refusals: [refusal(true)] }, [marker]), RefusedAppend)
  t.same((await sql`select * from alongside_marks`.execute(db)).rows, [], 'no write alongside')

  const allowed = await appendEvents(db, { sessionId: 6, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1, refusals: [refusal(false)] }, [marker])
  t.same(allowed.events.map((e) => e.type), ['A'], 'a refusal that does not hold lets the append through')
  t.same((await sql`select session_id from alongside_marks`.execute(db)).rows, [{ session_id: 6 }])
})

t.test('the database itself refuses UPDATE, DELETE and TRUNCATE on the log', async (t) => {
  await append({ sessionId: 5, expectedVersion: 0, events: [event('A', 1)], actorUserId: 1 })
  await t.rejects(sql`update session_events set type = 'Z' where session_id = 5`.execute(db), /append-only/)
  await t.rejects(sql`delete from session_events where session_id = 5`.execute(db), /append-only/)
  await t.rejects(sql`truncate session_events`.execute(db), /append-only/)
  t.same((await readStream(db, 5)).map((e) => e.type), ['A'])
})
