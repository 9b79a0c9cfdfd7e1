import t from 'tap'
import type { AddressInfo } from 'node:net'
import { MAX_SIGNAL_BYTES, SIGNAL_BURST, signalSendDestination } from '../../schemas/rtc.ts'
import { testApp, signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom, seedBank } from '../sessions/helpers.ts'
import { rawStompClient, stompClient, until } from './live-harness.ts'
import { candidateFor, signalClient } from './signal-client.ts'

// The rate limit's clock stands still: exactly SIGNAL_BURST signals pass, whatever the machine's speed.
const app = await testApp({}, { clock: () => 1_000_000 })
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })
await app.app.listen({ port: 0, host: '127.0.0.1' })
const webSocketUrl = `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/ws`

t.test(`a signal reaches only the addressee's signal subscriptions, signed with the sender (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const doctor = await signalClient(webSocketUrl, room.doctor.token, room.code)
  const patient = await signalClient(webSocketUrl, room.patient.token, room.code)
  const patientOtherTab = await signalClient(webSocketUrl, room.patient.token, room.code)
  const observer = await signalClient(webSocketUrl, room.observer.token, room.code)
  // The room's own topic: a spec client never hears a signal.
  const patientRoom = stompClient({ webSocketUrl, sockJsUrl: '' }, 'websocket', room.patient.token)
  await patientRoom.connected.next()
  const roomMessages = patientRoom.subscribe(room.code)
  await roomMessages.ready
  t.teardown(() => [doctor, patient, patientOtherTab, observer].forEach((client) => client.close()))
  t.teardown(() => patientRoom.client.deactivate())

  await doctor.send(candidateFor(room.patient.id, 1), { confirmed: true })
  const heard = await patient.received.next()
  const { to: _to, ...sent } = candidateFor(room.patient.id, 1)
  t.strictSame(heard, { ...sent, from: room.doctor.id }, 'the addressee hears it with from, without to')
  t.same(await patientOtherTab.received.next(), heard, "each of the addressee's connections hears it")
  // Frames are answered in order: a signal delivered to the observer or the doctor would arrive before these receipts.
  await observer.send(candidateFor(room.doctor.id, 2), { confirmed: true })
  t.same((await doctor.received.next()).from, room.observer.id)
  t.equal(observer.received.items.length, 0, 'the observer was not the addressee')
  t.equal(doctor.received.items.length, 1, 'the sender does not hear its own signal')
  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  await until(() => roomMessages.items.length > 0, 'the room topic to hear the start')
  t.notOk(roomMessages.items.some((message) => (message.body as { kind?: string }).kind), 'no signal on the room topic')
})

t.test('every refusal is an ERROR that says why, and the signal reaches nobody', async (t) => {
  const room = await readyRoom(app)
  const outsider = await signedInUser(app)
  const patient = await signalClient(webSocketUrl, room.patient.token, room.code)
  t.teardown(() => patient.close())

  /** Sends one signal on a new connection (no subscription needed to send) and answers the ERROR's message. */
  const refused = async (token: string, body: unknown, why: RegExp, destination = signalSendDestination(room.code)) => {
    const sender = await rawStompClient(webSocketUrl, ['v12.stomp'])
    await sender.connect({ Authorization: `Bearer ${token}` })
    sender.send(`SEND\ndestination:${destination}\n\n${JSON.stringify(body)}\0`)
    const frame = await sender.frames.next()
    t.equal(frame.command, 'ERROR')
    t.match(frame.headers.message, why)
    t.equal((await sender.closed).code, 1002)
  }

  await refused(outsider.token, candidateFor(room.patient.id), /Access denied: you are not in this session/)
  await refused(room.doctor.token, candidateFor(outsider.id), new RegExp(`User ${outsider.id} is not in this session`))
  await refused(room.doctor.token, candidateFor(room.doctor.id), /a signal goes to another participant/)
  await refused(room.doctor.token, { ...candidateFor(room.patient.id), kind: 'shout' }, /Invalid signal: kind must be hello/)
  await refused(room.doctor.token, { kind: 'bye', peer: 'x', to: room.patient.id, padding: 'y'.repeat(MAX_SIGNAL_BYTES) }, /Signal too large/)
  await refused(room.doctor.token, candidateFor(room.patient.id), /Access denied/, '/app/session/999999/signal')
  await as(app, room.observer).post(`/sessions/${room.code}/leave`)
  await refused(room.doctor.token, candidateFor(room.observer.id), new RegExp(`User ${room.observer.id} is not in this session`))

  // Nothing refused reached the patient: a last accepted signal is the first thing it hears.
  const doctor = await signalClient(webSocketUrl, room.doctor.token, room.code)
  t.teardown(() => doctor.close())
  await doctor.send(candidateFor(room.patient.id, 7), { confirmed: true })
  t.same((await patient.received.next()).candidate, candidateFor(room.patient.id, 7).candidate)
  t.equal(patient.received.items.length, 1)
})

t.test(`a flood is cut at ${SIGNAL_BURST} signals; the one over the limit reaches nobody`, async (t) => {
  const room = await readyRoom(app)
  const doctor = await signalClient(webSocketUrl, room.doctor.token, room.code)
  const patient = await signalClient(webSocketUrl, room.patient.token, room.code)
  t.teardown(() => patient.close())
  for (let n = 0; n < SIGNAL_BURST + 20; n += 1) await doctor.send(candidateFor(room.patient.id, n))
  t.match(await doctor.errors.next(), /Too many signals/)
  await doctor.closed
  await until(() => patient.received.items.length === SIGNAL_BURST, `${SIGNAL_BURST} signals to arrive`)
  // Another account has its own allowance; its signal arrives after all the flood could have delivered.
  const observer = await signalClient(webSocketUrl, room.observer.token, room.code)
  t.teardown(() => observer.close())
  await observer.send(candidateFor(room.patient.id, 999), { confirmed: true })
  await until(() => patient.received.items.length === SIGNAL_BURST + 1, "the observer's signal")
  t.same(patient.received.items.at(-2)?.candidate, candidateFor(room.patient.id, SIGNAL_BURST - 1).candidate, 'the last one delivered is the last one allowed')
})

t.test(`an account's connections share one allowance: five of them deliver ${SIGNAL_BURST} signals, not five times as many (issue 30)`, async (t) => {
  const room = await readyRoom(app)
  const patient = await signalClient(webSocketUrl, room.patient.token, room.code)
  t.teardown(() => patient.close())
  const doctors = await Promise.all(Array.from({ length: 5 }, () => signalClient(webSocketUrl, room.doctor.token, room.code)))
  const perConnection = SIGNAL_BURST / 2
  await Promise.all(
    doctors.map(async (doctor, index) => {
      for (let n = 0; n < perConnection; n += 1) await doctor.send(candidateFor(room.patient.id, index * 1000 + n))
      // A connection handles its frames in order: a receipt (or the ERROR that closed it) says all of them are.
      await Promise.race([doctor.closed, doctor.send(candidateFor(room.patient.id, index * 1000 + perConnection), { confirmed: true })])
    }),
  )
  // The patient's socket delivers in order: the observer's signal comes after every one of the doctor's.
  const observer = await signalClient(webSocketUrl, room.observer.token, room.code)
  t.teardown(() => observer.close())
  await observer.send(candidateFor(room.patient.id, 999), { confirmed: true })
  await until(() => patient.received.items.some((signal) => signal.from === room.observer.id), "the observer's signal")
  t.equal(patient.received.items.filter((signal) => signal.from === room.doctor.id).length, SIGNAL_BURST, 'one burst for the account')
  for (const doctor of doctors) doctor.close()
})
