import t, { type Test } from 'tap'
import { SETTLE_MS } from '../../server/sessions/engine/step-guard.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { databaseKind } from '../helpers/db.ts'
import { signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

// One click is one step: commands that arrive together, or a second click before its sender can have seen the
// first one's result, never move a session on twice (issue 13).

/** The sessions' clock stands still but for `offset`: how long a phase has run never depends on the machine's speed. */
let offset = 0
const frozenAt = Date.now()
const main = await testApp({}, { clock: () => frozenAt + offset })
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 6 })

async function startedRoom(t: Test, app: TestApp) {
  const room = await readyRoom(app)
  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/start`)).status, 200)
  const { id } = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
  return { ...room, id: id as number }
}

async function eventTypes(app: TestApp, sessionId: number) {
  return (await readStream(app.database.db, sessionId)).map((e) => (e.type === 'PhaseStarted' ? `PhaseStarted ${(e.payload as { phase: string }).phase}` : e.type))
}

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort()

t.test(`50 identical skips with no body at once: exactly one phase step (${databaseKind()})`, async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  offset = 2 * SETTLE_MS // the doctor has been reading for a while
  const before = await eventTypes(main, room.id)
  const answers = await Promise.all(Array.from({ length: 50 }, () => as(main, room.doctor).post(`/sessions/${room.code}/skip-phase`)))
  t.same(await eventTypes(main, room.id), [...before, 'PhaseStarted CONSULTATION'], 'reading skipped once, the consultation untouched')
  t.same([...new Set(statuses(answers))], [200], 'none refused: the spec\'s client would show its error page')
  t.equal(answers.filter((a) => a.json.message === 'Phase skipped successfully').length, 1, 'one skip done')
  t.ok(answers.every((a) => a.json.message === 'Phase skipped successfully' || /nothing was done/.test(a.json.message)), 'the others told nothing was done')
})

t.test('50 identical skips naming the phase at once: exactly one phase step', async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  const before = await eventTypes(main, room.id)
  const answers = await Promise.all(Array.from({ length: 50 }, () => as(main, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })))
  t.same(await eventTypes(main, room.id), [...before, 'PhaseStarted CONSULTATION'])
  t.equal(statuses(answers).filter((s) => s === 200).length, 1)
})

t.test('a double click with no body: the second click does not end the consultation the first began', async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  offset = 2 * SETTLE_MS
  const doctor = as(main, room.doctor)
  t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`)).status, 200, 'skip to consultation')
  const second = await doctor.post(`/sessions/${room.code}/skip-phase`)
  t.equal(second.status, 200, 'answered, not refused (issue 30)')
  t.match(second.json.message, /consultation phase has only just begun: nothing was done/)
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.phase, 'CONSULTATION')
  offset += 2 * SETTLE_MS
  t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`)).status, 200, 'a click a moment later ends the consultation')
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.phase, 'FEEDBACK')
})

t.test('20 New Case requests at once: one new case', async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  offset = 2 * SETTLE_MS
  const before = await eventTypes(main, room.id)
  const answers = await Promise.all(Array.from({ length: 20 }, () => as(main, room.doctor).post(`/sessions/${room.code}/new-case`)))
  t.same(await eventTypes(main, room.id), [...before, 'CaseAssigned', 'PhaseStarted READING'], 'one case change')
  t.same([...new Set(statuses(answers))], [200])
  t.equal(answers.filter((a) => a.json.message === 'New case assigned').length, 1)
})

t.test("the spec's client's double click on New Case: the second press is a 200 that changes nothing, so it stays in the room (issue 30)", async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  offset = 2 * SETTLE_MS
  const doctor = as(main, room.doctor)
  const first = await doctor.post(`/sessions/${room.code}/new-case`)
  t.same([first.status, first.json.message], [200, 'New case assigned'])
  const shown = (await doctor.get(`/sessions/${room.code}`)).json.selectedCase.id
  const second = await doctor.post(`/sessions/${room.code}/new-case`)
  t.equal(second.status, 200, 'the spec\'s client shows its error page for any status but 2xx')
  t.match(second.json.message, /reading phase has only just begun: nothing was done/)
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.selectedCase.id, shown, 'the case the first press chose stays')
})

t.test('who may act is checked before the session\'s timing: in the first second of a phase, others get 403 (issue 30)', async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  const outsider = await signedInUser(main)
  for (const [who, user] of [['outsider', outsider], ['patient', room.patient], ['observer', room.observer]] as const) {
    for (const command of ['skip-phase', 'new-case']) {
      const answer = await as(main, user).post(`/sessions/${room.code}/${command}`)
      t.equal(answer.status, 403, `${who}'s ${command}`)
      t.notMatch(answer.json.error, /begun|phase/, 'and nothing about the clock')
    }
    const named = await as(main, user).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
    t.equal(named.status, 403, `${who}'s skip naming another phase`)
  }
  t.equal((await as(main, room.doctor).get(`/sessions/${room.code}`)).json.phase, 'READING')
})

t.test('New Case naming the case it replaces: 20 at once change it once, and a late second click is refused', async (t) => {
  offset = 0
  const room = await startedRoom(t, main)
  const doctor = as(main, room.doctor)
  const shown = (await doctor.get(`/sessions/${room.code}`)).json.selectedCase.id
  const before = await eventTypes(main, room.id)
  const answers = await Promise.all(Array.from({ length: 20 }, () => doctor.post(`/sessions/${room.code}/new-case`, { caseId: shown })))
  t.same(await eventTypes(main, room.id), [...before, 'CaseAssigned', 'PhaseStarted READING'], 'one case change, at once (no settling needed)')
  t.equal(statuses(answers).filter((s) => s === 200).length, 1)
  const late = await doctor.post(`/sessions/${room.code}/new-case`, { caseId: shown })
  t.same([late.status, late.json.error], [409, 'The case has already been changed'])
})

t.test('commands that are safe to decide again still retry: joins racing each other all succeed', async (t) => {
  offset = 0
  const room = await readyRoom(main)
  const observers = await Promise.all(Array.from({ length: 3 }, () => signedInUser(main)))
  const answers = await Promise.all(observers.map((user) => as(main, user).post(`/sessions/${room.code}/join-with-role`, { role: 'observer' })))
  t.same(statuses(answers), [200, 200, 200])
})
