import t from 'tap'
import * as v from 'valibot'
import { buildApp } from '../../server/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { SETTLE_MS } from '../../server/sessions/engine/step-guard.ts'
import { LiveMessageSchema } from '../../schemas/session-live.ts'
import { stompClient } from '../live/live-harness.ts'
import { inRoom, listen, type Message } from './live-room.ts'
import { as, readyRoom, scores, SECRETS, seedBank } from './helpers.ts'
import { ROTATION_NEEDS_THREE, SWAP_OR_ROTATE } from '../../schemas/session/seat-rotation.ts'

/** The sessions' clock: moved on before a New Case, which replaces only a case whose reading has settled. */
let offset = 0
const app = await testApp({}, { clock: () => Date.now() + offset })
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })

const server = await listen(app.app)
const types = (messages: Message[]) => messages.map((m) => m.type)

t.test(`three stompjs clients (SockJS and WebSocket) see the session live, each with their own view of the case (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const doctor = await inRoom(t, server, 'sockjs', room.doctor, room.code)
  const patient = await inRoom(t, server, 'websocket', room.patient, room.code)
  const observer = await inRoom(t, server, 'sockjs', room.observer, room.code)

  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  const [toDoctor, toPatient, toObserver] = await Promise.all([doctor, patient, observer].map((c) => c.until('TIMER_START')))
  for (const messages of [toDoctor, toPatient, toObserver]) t.same(types(messages), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'])
  const [update, phase, timer] = toDoctor
  t.match(update, { sessionCode: room.code, phase: 'READING', status: 'IN_PROGRESS', currentRound: 1, config: { readingTime: 2, selectedTopics: '["Cardiology"]' } })
  t.same(update.participants.map((p: { isOnline: boolean }) => p.isOnline), [true, true, true], 'presence follows live connections')
  t.notOk('title' in update.selectedCase)
  t.match(toPatient[0].selectedCase, { title: /TITLE-SECRET/, patientNotes: /PATIENT-SCRIPT-SECRET/ })
  t.notOk('doctorNotes' in toPatient[0].selectedCase)
  t.match(toObserver[0].selectedCase, { title: /TITLE-SECRET/, doctorNotes: /Doctor brief/ })
  t.match(phase, { phase: 'READING', durationSeconds: 120 })
  t.same([timer.phase, timer.durationSeconds, timer.startTimestamp], ['READING', 120, phase.startTimestamp])

  offset += SETTLE_MS
  await as(app, room.doctor).post(`/sessions/${room.code}/new-case`)
  t.same(types(await patient.until('TIMER_START')), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'], 'a new case restarts reading')
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  const consultation = await patient.until('TIMER_START')
  t.same(types(consultation), ['PHASE_CHANGE', 'TIMER_START'], 'no SESSION_UPDATE for a phase change')
  t.match(consultation[0], { phase: 'CONSULTATION', durationSeconds: 480 })
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  t.match(await patient.until('PHASE_CHANGE'), [{ phase: 'FEEDBACK', durationSeconds: 0 }])

  await as(app, room.patient).post('/feedback/submit', { sessionCode: room.code, comment: 'Good', criteriaScores: scores() })
  const patientGaveFeedback = (m: Message) => m.participants.some((p: { role: string; hasGivenFeedback: boolean }) => p.role === 'patient' && p.hasGivenFeedback)
  const [participants] = (await observer.until('PARTICIPANT_UPDATE', patientGaveFeedback)).slice(-1)
  t.same(participants.participants.map((p: { role: string; hasGivenFeedback: boolean }) => [p.role, p.hasGivenFeedback]), [['doctor', false], ['patient', true], ['observer', false]])

  await as(app, room.doctor).post(`/sessions/${room.code}/end`)
  const ended = (await doctor.until('SESSION_ENDED')).at(-1)
  t.match(ended, { type: 'SESSION_ENDED', sessionCode: room.code, reason: 'Session has been ended by the doctor.' })
  const doctorStream = JSON.stringify(doctor.seen)
  for (const secret of SECRETS) t.notOk(doctorStream.includes(secret), `the doctor's live messages carry no ${secret}`)
})

/** How the spec's client learns a new seat: a SESSION_UPDATE whose list gives it another role than the list it holds. */
function roleChangesNoticed(messages: Message[], userId: number): string[] {
  let held: string | undefined
  const noticed: string[] = []
  for (const message of messages) {
    if (message.type !== 'PARTICIPANT_UPDATE' && message.type !== 'SESSION_UPDATE') continue
    const mine: string | undefined = message.participants.find((p: { userId: number }) => p.userId === userId)?.role
    if (message.type === 'SESSION_UPDATE' && held !== undefined && mine !== held) noticed.push(`${held} -> ${mine}`)
    held = mine
  }
  return noticed
}

t.test('"Submit & Role Change" reaches the room step by step, as WIRE.md section 6 sends it, so both seats notice the swap', async (t) => {
  const room = await readyRoom(app)
  const doctor = await inRoom(t, server, 'websocket', room.doctor, room.code)
  const patient = await inRoom(t, server, 'sockjs', room.patient, room.code)
  await inRoom(t, server, 'websocket', room.observer, room.code)
  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  await as(app, room.observer).post('/feedback/submit', { sessionCode: room.code, comment: '', criteriaScores: scores() })
  const observerScored = (m: Message) => m.participants.some((p: { role: string; hasGivenFeedback: boolean }) => p.role === 'observer' && p.hasGivenFeedback)
  for (const client of [doctor, patient]) await client.until('PARTICIPANT_UPDATE', observerScored)

  const swap = { sessionCode: room.code, comment: '', criteriaScores: scores(), requestNewCase: true, requestRoleChange: true }
  t.equal((await as(app, room.patient).post('/feedback/submit', swap)).status, 200)
  for (const client of [doctor, patient]) {
    const from = client.seen.length
    await client.until('TIMER_START')
    const messages = client.seen.slice(from)
    t.same(types(messages), ['PARTICIPANT_UPDATE', 'ROLE_CHANGE', 'SESSION_UPDATE', 'SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'])
    const [scored, , swapped, newCase] = messages
    const seats = (m: Message) => m.participants.map((p: { userId: number; role: string }) => [p.userId, p.role])
    t.same(seats(scored), [[room.doctor.id, 'doctor'], [room.patient.id, 'patient'], [room.observer.id, 'observer']], "the feedback's update: seats as they were")
    t.match(scored.participants[1], { hasGivenFeedback: true })
    t.same(seats(swapped), [[room.doctor.id, 'patient'], [room.patient.id, 'doctor'], [room.observer.id, 'observer']], 'the swap')
    t.match(swapped, { phase: 'FEEDBACK', currentRound: 1 })
    t.match(newCase, { phase: 'READING', currentRound: 2 })
    if (client === patient) t.notOk(SECRETS.some((secret) => JSON.stringify([swapped, newCase]).includes(secret)), "the new doctor's updates hide the patient's script")
  }
  t.same(roleChangesNoticed(doctor.seen, room.doctor.id), ['doctor -> patient'])
  t.same(roleChangesNoticed(patient.seen, room.patient.id), ['patient -> doctor'])
  const unreadable = [...doctor.seen, ...patient.seen].filter((message) => !v.is(LiveMessageSchema, message))
  t.same(unreadable, [], "every message the server sent passes the room's edge (schemas/session-wire.ts)")
})

t.test('"Submit & Rotate Seats" over three rounds: the spec\'s client hears ROLE_CHANGE + SESSION_UPDATE, and each of three sits in every seat', async (t) => {
  const room = await readyRoom(app)
  const [doctor, patient, observer] = [room.doctor, room.patient, room.observer]
  const clients = new Map([
    [doctor.id, await inRoom(t, server, 'websocket', doctor, room.code)],
    [patient.id, await inRoom(t, server, 'sockjs', patient, room.code)],
    [observer.id, await inRoom(t, server, 'websocket', observer, room.code)],
  ])
  const everyone = async (type: string) => Promise.all([...clients.values()].map((client) => client.until(type)))
  let seats = { doctor, patient, observer }
  const names = new Map([[doctor, 'Dora Doctor'], [patient, 'Pat Patient'], [observer, 'Olly Observer']])
  await as(app, doctor).post(`/sessions/${room.code}/start`)
  await everyone('TIMER_START')
  // Round 1 the patient asks, round 2 the observer: either giver may.
  for (const asker of ['patient', 'observer'] as const) {
    await as(app, seats.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
    await everyone('TIMER_START')
    await as(app, seats.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
    await everyone('PHASE_CHANGE')
    // The other scorer closes first: the rotation then has nobody left to wait for.
    const other = asker === 'patient' ? seats.observer : seats.patient
    await as(app, other).post('/feedback/submit', { sessionCode: room.code, comment: '', criteriaScores: scores() })
    await everyone('PARTICIPANT_UPDATE')
    const rotate = { sessionCode: room.code, comment: '', criteriaScores: scores(), requestSeatRotation: true }
    const answer = await as(app, seats[asker]).post('/feedback/submit', rotate)
    t.same([answer.status, answer.json.newCaseStarted], [200, true], `${asker}: rotated, the next case started`)
    seats = { doctor: seats.patient, patient: seats.observer, observer: seats.doctor }
    for (const client of clients.values()) {
      const from = client.seen.length
      await client.until('TIMER_START')
      const messages = client.seen.slice(from)
      t.same(types(messages), ['PARTICIPANT_UPDATE', 'ROLE_CHANGE', 'SESSION_UPDATE', 'SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'])
      t.equal(messages[1].message, `Seats rotated: ${names.get(seats.doctor)} is now the doctor, ${names.get(seats.patient)} the patient and ${names.get(seats.observer)} the observer`)
    }
    const seen = (await as(app, doctor).get(`/sessions/${room.code}`)).json.participants.map((p: { userId: number; role: string }) => [p.userId, p.role])
    t.same(seen, [[doctor.id, 'doctor'], [patient.id, 'patient'], [observer.id, 'observer']].map(([id]) => [id, Object.entries(seats).find(([, user]) => user.id === id)![0]]))
  }
  const noticed = (user: { id: number }) => roleChangesNoticed(clients.get(user.id)!.seen, user.id)
  t.same(noticed(doctor), ['doctor -> observer', 'observer -> patient'], 'round 3: the first doctor is the patient')
  t.same(noticed(patient), ['patient -> doctor', 'doctor -> observer'])
  t.same(noticed(observer), ['observer -> patient', 'patient -> doctor'])
  const unreadable = [...clients.values()].flatMap((client) => client.seen).filter((message) => !v.is(LiveMessageSchema, message))
  t.same(unreadable, [], "every message passes the room's edge (schemas/session-wire.ts)")
})

t.test('seat rotation refused over HTTP: with the swap, from the doctor, with two in the room', async (t) => {
  const room = await readyRoom(app)
  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  const body = { sessionCode: room.code, comment: '', criteriaScores: scores(), requestSeatRotation: true }
  const both = await as(app, room.patient).post('/feedback/submit', { ...body, requestNewCase: true, requestRoleChange: true })
  t.same([both.status, both.json.error], [400, SWAP_OR_ROTATE])
  const notABoolean = await as(app, room.patient).post('/feedback/submit', { ...body, requestSeatRotation: 'yes' })
  t.same([notABoolean.status, notABoolean.json.validationErrors?.requestSeatRotation], [400, 'requestSeatRotation must be true or false'])
  t.equal((await as(app, room.doctor).post('/feedback/submit', body)).status, 403)
  await as(app, room.observer).post(`/sessions/${room.code}/leave`)
  const pair = await as(app, room.patient).post('/feedback/submit', body)
  t.same([pair.status, pair.json.error], [409, ROTATION_NEEDS_THREE])
})

t.test('a code typed in lower case and without its dash subscribes to the same session', async (t) => {
  const room = await readyRoom(app)
  const typed = room.code.replace('-', '').toLowerCase()
  const patient = await inRoom(t, server, 'sockjs', room.patient, typed)
  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  const messages = await patient.until('TIMER_START')
  t.same(types(messages), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'])
  t.match(messages[0].selectedCase, { patientNotes: /PATIENT-SCRIPT-SECRET/ }, "rendered for the patient's role")
})

t.test('someone outside the session cannot subscribe to it', async (t) => {
  const instance = await buildApp({ config: app.config, database: app.database, logger: false })
  t.teardown(() => instance.close())
  const server = await listen(instance)
  const room = await readyRoom(app)
  const outsider = stompClient(server, 'websocket', room.doctor.token)
  t.teardown(() => outsider.client.deactivate())
  await outsider.connected.next(5000)
  const other = await readyRoom(app)
  outsider.subscribe(other.code)
  const error = await outsider.errors.next(5000)
  t.match(error.headers.message, /./)
})

t.test('two server instances on one Postgres: a command on one reaches a client on the other', { skip: databaseKind() !== 'postgres' && 'LISTEN/NOTIFY fan-out needs PostgreSQL' }, async (t) => {
  const instanceA = app.app
  const instanceB = await buildApp({ config: app.config, database: app.database, logger: false })
  t.teardown(() => instanceB.close())
  const serverB = await listen(instanceB)
  const room = await readyRoom(app)
  const patientOnB = await inRoom(t, serverB, 'sockjs', room.patient, room.code)
  const onlineSeenFromA = async () => {
    const response = await instanceA.inject({ method: 'GET', url: `/api/sessions/${room.code}`, headers: room.doctor.auth })
    return response.json().participants.find((p: { role: string }) => p.role === 'patient').isOnline
  }
  for (let tries = 0; !(await onlineSeenFromA()) && tries < 250; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(await onlineSeenFromA(), true, 'presence on B counts on A')
  await instanceA.inject({ method: 'POST', url: `/api/sessions/${room.code}/start`, headers: room.doctor.auth, payload: {} })
  // The joins were committed on A before the patient subscribed on B: B may learn of them later, but they are not news to the patient.
  const messages = await patientOnB.until('TIMER_START')
  t.same(types(messages), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'])
  t.match(messages[0].selectedCase, { title: /TITLE-SECRET/ }, 'rendered on B for the patient')
  await instanceA.inject({ method: 'POST', url: `/api/sessions/${room.code}/new-case`, headers: room.doctor.auth, payload: { caseId: messages[0].selectedCase.id } })
  const newCase = await patientOnB.until('TIMER_START')
  t.same(types(newCase), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START'], 'a batch of two events, rendered on B event by event')
  t.not(newCase[0].selectedCase.id, messages[0].selectedCase.id)
  await instanceA.inject({ method: 'POST', url: `/api/sessions/${room.code}/skip-phase`, headers: room.doctor.auth, payload: { phase: 'READING' } })
  t.match(await patientOnB.until('TIMER_START'), [{ type: 'PHASE_CHANGE', phase: 'CONSULTATION' }, { type: 'TIMER_START' }])
})
