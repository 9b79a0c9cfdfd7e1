import t from 'tap'
import { buildApp } from '../../server/app.ts'
import { readStream } from '../../server/sessions/event-store.ts'
import { FEEDBACK_TIMEOUT_REASON } from '../../schemas/session/index.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

/** The sessions' clock runs `offset` ms ahead of the real one: moving it on makes a deadline due. */
let offset = 0
const clock = () => Date.now() + offset

const main = await testApp({}, { clock })
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 4 })

async function phaseEvents(app: TestApp, sessionId: number) {
  return (await readStream(app.database.db, sessionId)).filter((e) => e.type === 'PhaseStarted' || e.type === 'SessionEnded')
}

/** Polls the session until its phase is `phase`: the change must come from the server's own timer. */
async function waitForPhase(app: TestApp, viewer: Parameters<typeof as>[1], code: string, phase: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const session = (await as(app, viewer).get(`/sessions/${code}`)).json
    if (session.phase === phase) return session
    if (Date.now() > deadline) throw new Error(`phase stayed ${session.phase}, expected ${phase}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test(`phases end by themselves at their deadlines, with no request (${databaseKind()})`, async (t) => {
  offset = 0
  const room = await readyRoom(main)
  await as(main, room.doctor).post(`/sessions/${room.code}/start`)
  const { id } = (await as(main, room.doctor).get(`/sessions/${room.code}`)).json

  // Reading lasts 2 minutes: half a second before its deadline, the armed timeout is all that is left to act.
  offset = 2 * 60_000 - 500
  await main.app.sessions.timers.rearmAll()
  const consultation = await waitForPhase(main, room.patient, room.code, 'CONSULTATION')
  t.equal(consultation.totalTime, 8 * 60)

  offset += 8 * 60_000
  await main.app.sessions.timers.rearmAll()
  await waitForPhase(main, room.patient, room.code, 'FEEDBACK')

  // Nobody gives feedback: 20 minutes later the session completes itself.
  offset += 20 * 60_000
  await main.app.sessions.timers.rearmAll()
  const ended = await waitForPhase(main, room.patient, room.code, 'COMPLETED')
  t.equal(ended.status, 'COMPLETED')

  const log = await phaseEvents(main, id)
  t.same(log.map((e) => [e.type, (e.payload as { phase?: string }).phase ?? (e.payload as { reason: string }).reason]), [
    ['PhaseStarted', 'READING'],
    ['PhaseStarted', 'CONSULTATION'],
    ['PhaseStarted', 'FEEDBACK'],
    ['SessionEnded', FEEDBACK_TIMEOUT_REASON],
  ])
  t.same(log.slice(1).map((e) => e.actorUserId), [null, null, null], 'expiries are the server clock, not a user')
})

t.test('a skip racing the expiry of the same clock: exactly one of them moves the phase', async (t) => {
  offset = 0
  const room = await readyRoom(main)
  await as(main, room.doctor).post(`/sessions/${room.code}/start`)
  const { id } = (await as(main, room.doctor).get(`/sessions/${room.code}`)).json
  offset = 3 * 60_000
  const [skip] = await Promise.all([as(main, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' }), main.app.sessions.timers.rearmAll()])
  t.ok(skip.status === 200 || skip.status === 409, `skip answered ${skip.status}`)
  await waitForPhase(main, room.doctor, room.code, 'CONSULTATION')
  await new Promise((resolve) => setTimeout(resolve, 200))
  const log = await readStream(main.database.db, id)
  t.same(log.map((e) => e.version), log.map((_, index) => index + 1), 'versions stay contiguous')
  const phases = log.filter((e) => e.type === 'PhaseStarted').map((e) => (e.payload as { phase: string }).phase)
  t.same(phases, ['READING', 'CONSULTATION'], 'a skip of reading never ends the consultation the clock just began')
})

t.test('a restart re-arms the deadline from the read model, and two instances fire it exactly once', async (t) => {
  offset = 0
  const first = await testApp({}, { clock })
  await seedBank(first.database.db, { Cardiology: 2 })
  const room = await readyRoom(first)
  await as(first, room.doctor).post(`/sessions/${room.code}/start`)
  const before = (await as(first, room.doctor).get(`/sessions/${room.code}`)).json
  await first.app.close() // the server goes away mid-reading; the database stays

  offset = 2 * 60_000 + 1000 // it was down past the reading deadline
  const restarted = await Promise.all([1, 2].map(() => buildApp({ config: first.config, database: first.database, logger: false, clock })))
  await Promise.all(restarted.map((app) => app.ready()))
  const again: TestApp = { ...first, app: restarted[0] }
  const after = await waitForPhase(again, room.doctor, room.code, 'CONSULTATION')
  t.equal(after.id, before.id)
  t.equal(after.participants.length, 3)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const log = await phaseEvents(first, before.id)
  t.same(log.map((e) => (e.payload as { phase: string }).phase), ['READING', 'CONSULTATION'], 'fired once, not once per instance')
  t.equal((log[0].payload as { startTimestamp: number }).startTimestamp, before.timerStartTimestamp, 'the deadline came from the stored clock')
  await Promise.all(restarted.map((app) => app.close()))
  await first.database.close()
})
