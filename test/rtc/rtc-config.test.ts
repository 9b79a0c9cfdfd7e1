import t from 'tap'
import { createHmac } from 'node:crypto'
import { loadConfig } from '../../server/config.ts'
import { NOT_IN_A_SESSION } from '../../server/rtc/routes.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { as, readyRoom, seedBank } from '../sessions/helpers.ts'

const SECRET = 'turn-secret-for-the-tests'
const rtc = { stunUrls: ['stun:stun.example.org:3478'], turnUrls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'], turnSecret: SECRET, turnCredentialSeconds: 3600 }

/** A user in a running session's room, as the call asks for its settings. */
async function participant(app: TestApp) {
  await seedBank(app.database.db, { Cardiology: 1 })
  const room = await readyRoom(app)
  return { ...room.patient, code: room.code, room }
}

t.test("a session's participant gets the STUN servers and TURN credentials of their own that coturn accepts until they expire", async (t) => {
  const app = await testApp({ rtc })
  t.teardown(() => app.close())
  const user = await participant(app)
  const before = Math.floor(Date.now() / 1000)
  const { status, json, headers } = await call(app.app, { method: 'GET', url: `/api/rtc/config?session=${user.code}`, headers: user.auth })
  t.equal(status, 200)
  t.equal(headers['cache-control'], 'no-store', 'credentials are never cached on the way')
  const [stun, turn] = json.iceServers
  t.same(stun, { urls: rtc.stunUrls })
  t.same(turn.urls, rtc.turnUrls)
  const [expiry, userId] = turn.username.split(':').map(Number)
  t.equal(userId, user.id, 'the username names the user')
  t.ok(expiry >= before + 3600 && expiry <= Math.ceil(Date.now() / 1000) + 3600, 'and expires after the configured time')
  t.equal(json.expiresAt, expiry * 1000)
  t.equal(turn.credential, createHmac('sha1', SECRET).update(turn.username).digest('base64'), 'the TURN REST API password')
})

t.test('nobody signed in gets nothing; without settings the list is empty (host candidates only)', async (t) => {
  const app = await testApp({ rtc })
  t.teardown(() => app.close())
  const anonymous = await call(app.app, { method: 'GET', url: '/api/rtc/config' })
  t.equal(anonymous.status, 401)
  t.notOk(JSON.stringify(anonymous.json).includes('turn:'))
  const bare = await testApp()
  t.teardown(() => bare.close())
  const user = await participant(bare)
  t.same((await call(bare.app, { method: 'GET', url: '/api/rtc/config', headers: user.auth })).json, { iceServers: [], expiresAt: null })
})

t.test('TURN credentials only for a participant of a running session, the one named if any (issue 30)', async (t) => {
  const app = await testApp({ rtc })
  t.teardown(() => app.close())
  const user = await participant(app)
  const config = (who: { auth: { authorization: string } }, query = '') => call(app.app, { method: 'GET', url: `/api/rtc/config${query}`, headers: who.auth })
  t.equal((await config(user)).status, 200, 'without a code: in some running session (a page loaded before the code was sent)')
  t.equal((await config(user, `?session=${user.code.toLowerCase().replace('-', '')}`)).status, 200, 'the code as typed')

  const other = await readyRoom(app)
  const stranger = await signedInUser(app)
  const refusals = {
    'a user in no session': await config(stranger),
    'a user in no session, naming one': await config(stranger, `?session=${user.code}`),
    'a participant naming another session': await config(user, `?session=${other.code}`),
    'a participant naming a code that does not exist': await config(user, '?session=ZZZZ-ZZZZ'),
  }
  for (const [who, answer] of Object.entries(refusals)) {
    t.same([answer.status, answer.json], [403, { error: NOT_IN_A_SESSION }], who)
  }
  t.equal((await config(user, '?session=')).status, 400, 'an empty code is a mistake, said as such')
  t.equal((await config(user, '?room=1')).status, 400, 'and an unknown parameter')

  await as(app, user.room.doctor).post(`/sessions/${user.code}/end`)
  t.equal((await config(user, `?session=${user.code}`)).status, 403, 'the session ended')
  t.equal((await config(user)).status, 403, 'and it was the only one')
})

t.test('settings: URL lists are checked by scheme, TURN_URLS and TURN_SECRET go together', async (t) => {
  const env = { DATA_DIR: '/tmp/plab-rtc-config-test' }
  const config = loadConfig({ ...env, STUN_URLS: 'stun:a.example:3478, stun:b.example', TURN_URLS: 'turn:t.example:3478', TURN_SECRET: SECRET, TURN_CREDENTIAL_HOURS: '2' })
  t.same(config.rtc, { stunUrls: ['stun:a.example:3478', 'stun:b.example'], turnUrls: ['turn:t.example:3478'], turnSecret: SECRET, turnCredentialSeconds: 7200 })
  t.throws(() => loadConfig({ ...env, STUN_URLS: 'https://a.example' }), { message: /STUN_URLS must be stun: or stuns: URLs separated by commas/ })
  t.throws(() => loadConfig({ ...env, TURN_URLS: 'turn:t.example' }), { message: /TURN_URLS and TURN_SECRET go together/ })
  t.throws(() => loadConfig({ ...env, TURN_SECRET: SECRET }), { message: /TURN_URLS and TURN_SECRET go together/ })
})
