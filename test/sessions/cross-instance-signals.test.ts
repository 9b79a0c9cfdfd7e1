import t from 'tap'
import { MAX_SIGNAL_BYTES, type OutgoingSignal } from '../../schemas/rtc.ts'
import { databaseKind } from '../helpers/db.ts'
import type { ServerProcess } from '../helpers/server-process.ts'
import { twoInstances } from '../helpers/two-instances.ts'
import { until } from '../live/live-harness.ts'
import { candidateFor, signalClient } from '../live/signal-client.ts'

// Two real server processes on one PostgreSQL database: a call's signals cross between them through NOTIFY,
// whole (an offer as large as the limit allows), in the order sent, to the addressee's connections only.
const needsPostgres = databaseKind() !== 'postgres' && 'several instances need PostgreSQL (LISTEN/NOTIFY)'

const webSocketUrl = (server: ServerProcess) => `${server.baseUrl.replace(/^http/, 'ws')}/ws`

t.test('signals reach the addressee on the other instance, in order, and nobody else', { skip: needsPostgres }, async (t) => {
  const cluster = await twoInstances(1)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const room = await cluster.readyRoom()
  const doctor = await signalClient(webSocketUrl(a), room.doctor.token, room.code)
  const patientOnB = await signalClient(webSocketUrl(b), room.patient.token, room.code)
  const patientOnA = await signalClient(webSocketUrl(a), room.patient.token, room.code)
  const observerOnB = await signalClient(webSocketUrl(b), room.observer.token, room.code)
  t.teardown(() => [doctor, patientOnB, patientOnA, observerOnB].forEach((client) => client.close()))

  // An offer of the largest size a signal may have (Chromium's is about 5.8 KB), then its candidates.
  const envelope = JSON.stringify({ kind: 'description', peer: 'doctor-page', to: room.patient.id, description: { type: 'offer', sdp: '' } })
  const sdp = 'v=0\r\n'.padEnd(MAX_SIGNAL_BYTES - envelope.length - 40, 'a')
  const offer: OutgoingSignal = { kind: 'description', peer: 'doctor-page', to: room.patient.id, description: { type: 'offer', sdp } }
  await doctor.send(offer, { confirmed: true })
  for (let n = 0; n < 10; n += 1) await doctor.send(candidateFor(room.patient.id, n))

  for (const patient of [patientOnB, patientOnA]) {
    await until(() => patient.received.items.length === 11, 'the offer and its 10 candidates', 10_000)
    t.equal((patient.received.items[0].description as { sdp: string }).sdp, sdp, 'the offer arrives whole')
    t.same(
      patient.received.items.slice(1).map((signal) => (signal.candidate as { candidate: string }).candidate),
      Array.from({ length: 10 }, (_, n) => candidateFor(room.patient.id, n).candidate!.candidate),
      'the candidates arrive after the offer, in the order sent',
    )
    t.ok(patient.received.items.every((signal) => signal.from === room.doctor.id))
  }

  // The other way: from the second instance to the first. Each arrival there proves the notices before it were
  // handled by that instance, so the observer's empty inbox is checked after a later signal has crossed.
  await observerOnB.send(candidateFor(room.doctor.id, 42), { confirmed: true })
  await until(() => doctor.received.items.length === 1, "the observer's signal on the first instance", 10_000)
  t.equal(doctor.received.items[0].from, room.observer.id)
  await doctor.send(candidateFor(room.observer.id, 43), { confirmed: true })
  await until(() => observerOnB.received.items.length === 1, "the doctor's reply on the second instance", 10_000)
  t.equal(observerOnB.received.items.length, 1, 'the observer heard only what was addressed to it')
  t.equal(patientOnB.received.items.length, 11, 'the patient heard nothing more')
  t.equal(doctor.received.items.length, 1, 'the doctor heard nothing of its own signals')
})
