import t from 'tap'
import { buildApp } from '../../server/app.ts'
import { LOOK_AGAIN_MS as BOARD_LOOKS_AGAIN_MS } from '../../server/board/board-jobs.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { FEEDBACK_TIMEOUT_REASON } from '../../schemas/session/index.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

/**
 * The sessions' clock stands still until a test moves it on; moving it fires the phase timers that are due and
 * waits for what they do. Nothing re-arms a timer by hand here: every alarm comes from the server's own
 * reaction to a command, or from its start-up.
 */
const clock = manualClock()
const main = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 4 })

async function phaseEvents(app: TestApp, sessionId: number) {
  return (await readStream(app.database.db, sessionId)).filter((e) => e.type === 'PhaseStarted' || e.type === 'SessionEnded')
}

const phaseOf = async (app: TestApp, viewer: Parameters<typeof as>[1], code: string) => (await as(app, viewer).get(`/sessions/${code}`)).json

t.test(`every command re-arms its session's clock: the phases end by themselves at their deadlines (${databaseKind()})`, async (t) => {
  const room = await readyRoom(main)
  const startedAt = clock.now()
  await as(main, room.doctor).post(`/sessions/${room.code}/start`)
  const { id } = await phaseOf(main, room.doctor, room.code)

  // Reading lasts 2 minutes: the alarm the start set is all there is to end it.
  await clock.armedAt(startedAt + 2 * 60_000)
  await clock.advance(2 * 60_000 - 1)
  t.equal((await phaseOf(main, room.patient, room.code)).phase, 'READING', 'not a millisecond early')
  await clock.advance(1)
  const consultation = await phaseOf(main, room.patient, room.code)
  t.equal(consultation.phase, 'CONSULTATION')
  t.equal(consultation.totalTime, 8 * 60)

  await clock.armedAt(startedAt + 10 * 60_000)
  await clock.advance(8 * 60_000)
  t.equal((await phaseOf(main, room.patient, room.code)).phase, 'FEEDBACK')

  // Nobody gives feedback: 20 minutes later the session completes itself, and no alarm is left for it.
  await clock.armedAt(startedAt + 30 * 60_000)
  await clock.advance(20 * 60_000)
  const ended = await phaseOf(main, room.patient, room.code)
  t.equal(ended.phase, 'COMPLETED')
  t.equal(ended.status, 'COMPLETED')
  // The one alarm left is the Find Partners board's look for due jobs (it shares the app's clock), a minute on.
  t.equal(clock.nextAlarmAt(), clock.now() + BOARD_LOOKS_AGAIN_MS, 'no alarm is left for the session')

  const log = await phaseEvents(main, id)
  t.same(log.map((e) => [e.type, (e.payload as { phase?: string }).phase ?? (e.payload as { reason: string }).reason]), [
    ['PhaseStarted', 'READING'],
    ['PhaseStarted', 'CONSULTATION'],
    ['PhaseStarted', 'FEEDBACK'],
    ['SessionEnded', FEEDBACK_TIMEOUT_REASON],
  ])
  t.same(log.slice(1).map((e) => e.actorUserId), [null, null, null], 'expiries are the server clock, not a user')
})

t.test('a skip moves the deadline with the phase: the clock ends the new phase, not the old one', async (t) => {
  const room = await readyRoom(main)
  await as(main, room.doctor).post(`/sessions/${room.code}/start`)
  await clock.advance(30_000)
  await as(main, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  // Reading would have ended 90 s from now; the consultation the skip began lasts 8 minutes from the skip.
  await clock.armedAt(clock.now() + 8 * 60_000)
  await clock.advance(90_000)
  t.equal((await phaseOf(main, room.doctor, room.code)).phase, 'CONSULTATION')
  await clock.advance(8 * 60_000 - 90_000)
  t.equal((await phaseOf(main, room.doctor, room.code)).phase, 'FEEDBACK')
})

t.test('a skip racing the expiry of the same clock: exactly one of them moves the phase', async (t) => {
  const room = await readyRoom(main)
  await as(main, room.doctor).post(`/sessions/${room.code}/start`)
  const { id } = await phaseOf(main, room.doctor, room.code)
  const [skip] = await Promise.all([as(main, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' }), clock.advance(2 * 60_000)])
  t.ok(skip.status === 200 || skip.status === 409, `skip answered ${skip.status}`)
  // Both have finished: the skip answered, and advance() waited for the expiry it fired.
  const log = await readStream(main.database.db, id)
  t.same(log.map((e) => e.version), log.map((_, index) => index + 1), 'versions stay contiguous')
  const phases = log.filter((e) => e.type === 'PhaseStarted').map((e) => (e.payload as { phase: string }).phase)
  t.same(phases, ['READING', 'CONSULTATION'], 'a skip of reading never ends the consultation the clock just began')
})

t.test('a restart re-arms the deadline from the read model, and two instances fire it exactly once', async (t) => {
  const first = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
  await seedBank(first.database.db, { Cardiology: 2 })
  const room = await readyRoom(first)
  await as(first, room.doctor).post(`/sessions/${room.code}/start`)
  const before = await phaseOf(first, room.doctor, room.code)
  await first.app.close() // the server goes away mid-reading; the database stays

  await clock.advance(2 * 60_000 + 1000) // it was down past the reading deadline: its own alarm went with it
  t.equal((await phaseEvents(first, before.id)).length, 1, 'nothing fired while no server ran')
  const restarted = await Promise.all([1, 2].map(() => buildApp({ config: first.config, database: first.database, logger: false, clock: clock.now, setAlarm: clock.setAlarm })))
  await Promise.all(restarted.map((app) => app.ready()))
  await clock.advance(0) // both instances armed the overdue deadline at start-up: fire both
  const again: TestApp = { ...first, app: restarted[0] }
  const after = await phaseOf(again, room.doctor, room.code)
  t.equal(after.phase, 'CONSULTATION')
  t.equal(after.id, before.id)
  t.equal(after.participants.length, 3)
  const log = await phaseEvents(first, before.id)
  t.same(log.map((e) => (e.payload as { phase: string }).phase), ['READING', 'CONSULTATION'], 'fired once, not once per instance')
  t.equal((log[0].payload as { startTimestamp: number }).startTimestamp, before.timerStartTimestamp, 'the deadline came from the stored clock')
  await Promise.all(restarted.map((app) => app.close()))
  await first.database.close()
})
