import t from 'tap'
import type { AddressInfo } from 'node:net'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { insertUser } from '../../server/accounts/users-repo.ts'
import { stompClient, type LiveServer } from '../live/live-harness.ts'
import { as, readyRoom, seedBank, type User } from '../sessions/helpers.ts'

type Message = { type: string; [field: string]: any }

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })
await app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.app.server.address() as AddressInfo
const server = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` } as LiveServer

/** A participant's live client in the room: the next message of a type, presence updates aside. */
async function inRoom(t: { teardown(fn: () => unknown): void }, user: User, code: string) {
  const client = stompClient(server, 'websocket', user.token)
  await client.connected.next(5000)
  const inbox = client.subscribe(code)
  await inbox.ready
  t.teardown(() => client.client.deactivate())
  const next = async (type: string): Promise<Message> => {
    for (;;) {
      const message = (await inbox.next(5000)).body as Message
      if (message.type === type) return message
    }
  }
  return { next, errors: client.errors, closes: client.closes }
}

async function startedRoom() {
  const room = await readyRoom(app)
  const started = await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.json)}`)
  return room
}

t.test(`the host deletes their account mid-session: the room hears it end, their connection closes (${databaseKind()})`, async (t) => {
  const room = await startedRoom()
  const host = await inRoom(t, room.doctor, room.code)
  const patient = await inRoom(t, room.patient, room.code)
  const observer = await inRoom(t, room.observer, room.code)

  const deleted = await as(app, room.doctor).post('/auth/delete-account', { currentPassword: room.doctor.password })
  t.equal(deleted.status, 200)
  for (const listener of [patient, observer]) {
    t.match(await listener.next('SESSION_ENDED'), { sessionCode: room.code, reason: 'Session has been ended by the host.' })
  }
  t.match((await host.errors.next(5000)).headers, { message: 'Your account has been deleted.' }, 'their live connection is told why, then closed')
  t.ok(await host.closes.next(5000))

  const seen = (await as(app, room.patient).get(`/sessions/${room.code}`)).json
  t.same([seen.status, seen.phase], ['COMPLETED', 'COMPLETED'])
  t.notOk(JSON.stringify(seen).includes('Dora Doctor'), 'the ended session no longer names the host')
  t.equal((await as(app, room.doctor).get('/sessions/user/active')).status, 401)
})

t.test(`a participant deletes their account: the room carries on, naming them "Former user" (${databaseKind()})`, async (t) => {
  const room = await startedRoom()
  const patient = await inRoom(t, room.patient, room.code)
  t.equal((await as(app, room.observer).post('/auth/delete-account', { currentPassword: room.observer.password })).status, 200)
  t.match(await patient.next('USER_LEFT'), { userId: room.observer.id, userName: 'Former user', userRole: 'observer' })
  const seen = (await as(app, room.patient).get(`/sessions/${room.code}`)).json
  t.same([seen.status, seen.phase], ['IN_PROGRESS', 'READING'])
  t.notOk(JSON.stringify(seen).includes('Olly Observer'))
  const leftEarlier = await readyRoom(app)
  await as(app, leftEarlier.observer).post(`/sessions/${leftEarlier.code}/leave`)
  t.equal((await as(app, leftEarlier.observer).post('/auth/delete-account', { currentPassword: leftEarlier.observer.password })).status, 200)
  const waiting = (await as(app, leftEarlier.doctor).get(`/sessions/${leftEarlier.code}`)).json
  t.equal(waiting.status, 'CREATED', 'someone who had already left ends nothing')
  const row = await app.database.db.selectFrom('session_participants').select('name').where('user_id', '=', leftEarlier.observer.id).executeTakeFirstOrThrow()
  t.equal(row.name, 'Former user')
})

t.test(`an account without a password confirms by re-typing its email (${databaseKind()})`, async (t) => {
  const row = await insertUser(app.database.db, { name: 'Gina Google', email: 'gina@gmail.com', password_hash: null, role: 'USER', provider: 'GOOGLE', google_id: 'google-gina' })
  const auth = { authorization: `Bearer ${app.app.issueToken(row!)}` }
  const attempt = (body: object) => call(app.app, { method: 'POST', url: '/api/auth/delete-account', body, headers: auth })
  const wrong = await attempt({ email: 'someone@gmail.com' })
  t.same([wrong.status, wrong.json.validationErrors], [400, { email: 'Type the email address of your account to confirm' }])
  t.equal((await attempt({ currentPassword: 'anything' })).status, 400, 'there is no password to give')
  t.equal((await call(app.app, { method: 'GET', url: '/api/auth/me', headers: auth })).status, 200, 'nothing deleted')
  t.equal((await attempt({ email: ' Gina@Gmail.com ' })).status, 200)
  t.equal((await call(app.app, { method: 'GET', url: '/api/auth/me', headers: auth })).status, 401)
})

t.test(`the only administrator cannot delete their account (${databaseKind()})`, async (t) => {
  const admin = await signedInUser(app, { role: 'ADMIN' })
  const refused = await as(app, admin).post('/auth/delete-account', { currentPassword: admin.password })
  t.same([refused.status, refused.json.error], [409, 'You are the only administrator: make someone else an administrator before deleting your account.'])
  t.equal((await as(app, admin).get('/auth/me')).status, 200)
  await signedInUser(app, { role: 'ADMIN' })
  t.equal((await as(app, admin).post('/auth/delete-account', { currentPassword: admin.password })).status, 200, 'with another admin, they may')
})
