import t from 'tap'
import { ALREADY_ASKED } from '../../schemas/session/recording-consent.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom, seedBank } from './helpers.ts'
import { inRoom, listen } from './live-room.ts'

/**
 * The routes of recording a room with everyone's consent (issue 34): who may ask, accept and stop, what the session
 * says of it to each seat, and the log's record of it. No media is ever sent: the routes take no body at all.
 */
const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })

t.test(`asking, accepting and stopping a recording (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const stranger = await signedInUser(app, { name: 'Stan Stranger' })
  const recording = async (who = room.doctor) => (await as(app, who).get(`/sessions/${room.code}`)).json.recording

  t.equal(await recording(), null, 'nobody asked yet')
  t.equal((await as(app, stranger).post(`/sessions/${room.code}/recording`)).status, 403, 'only the people in the room')
  const asked = await as(app, room.patient).post(`/sessions/${room.code}/recording`)
  t.equal(asked.status, 200)
  t.same(asked.json.recording.waitingFor.map((p: { name: string }) => p.name).sort(), ['Dora Doctor', 'Olly Observer'])
  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/recording`)).json.error, ALREADY_ASKED)
  await as(app, room.doctor).post(`/sessions/${room.code}/recording/consent`)
  const running = await as(app, room.observer).post(`/sessions/${room.code}/recording/consent`)
  t.equal(running.json.recording.running, true, 'running once all three accepted')
  t.same(await recording(room.patient), running.json.recording, 'every seat reads the same in the session')

  const stop = (who: typeof room.doctor | typeof stranger) => call(app.app, { method: 'DELETE', url: `/api/sessions/${room.code}/recording`, headers: who.auth })
  t.equal((await stop(stranger)).status, 403)
  t.equal((await stop(room.doctor)).json.recording, null, 'stopped for everyone')
  t.equal((await stop(room.observer)).status, 200, 'a second stop is answered too')
  t.equal(await recording(), null)

  const { id } = (await app.database.db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow())
  const logged = (await readStream(app.database.db, id)).filter((event) => event.type.startsWith('Recording')).map((event) => event.type)
  t.same(logged, ['RecordingAsked', 'RecordingConsented', 'RecordingConsented', 'RecordingStopped'], 'the log keeps who did what, for a dispute')
})

t.test('the room hears that someone who joins stops the recording until they accept, and that it runs again once they leave', async (t) => {
  const room = await readyRoom(app)
  const server = await listen(app.app)
  const live = await inRoom(t, server, 'websocket', room.doctor, room.code)
  await as(app, room.doctor).post(`/sessions/${room.code}/recording`)
  await as(app, room.patient).post(`/sessions/${room.code}/recording/consent`)
  await as(app, room.observer).post(`/sessions/${room.code}/recording/consent`)
  await live.until('RECORDING', (message) => message.recording?.running === true)

  const latecomer = await signedInUser(app, { name: 'Lea Latecomer' })
  await as(app, latecomer).post(`/sessions/${room.code}/join-with-role`, { role: 'observer' })
  const [paused] = (await live.until('RECORDING')).slice(-1)
  t.same([paused.recording.running, paused.recording.waitingFor.map((p: { name: string }) => p.name)], [false, ['Lea Latecomer']], 'stopped until the newcomer accepts')
  await as(app, latecomer).post(`/sessions/${room.code}/leave`)
  const [resumed] = (await live.until('RECORDING')).slice(-1)
  t.equal(resumed.recording.running, true, 'running again: everyone in the room has consented')
})
