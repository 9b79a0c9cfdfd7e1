import t from 'tap'
import { createHmac } from 'node:crypto'
import { loadConfig } from '../../server/config.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'

const SECRET = 'turn-secret-for-the-tests'
const rtc = { stunUrls: ['stun:stun.example.org:3478'], turnUrls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'], turnSecret: SECRET, turnCredentialSeconds: 3600 }

t.test('a signed-in user gets the STUN servers and TURN credentials of their own that coturn accepts until they expire', async (t) => {
  const app = await testApp({ rtc })
  t.teardown(() => app.close())
  const user = await signedInUser(app)
  const before = Math.floor(Date.now() / 1000)
  const { status, json, headers } = await call(app.app, { method: 'GET', url: '/api/rtc/config', headers: user.auth })
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
  const user = await signedInUser(bare)
  t.same((await call(bare.app, { method: 'GET', url: '/api/rtc/config', headers: user.auth })).json, { iceServers: [], expiresAt: null })
})

t.test('settings: URL lists are checked by scheme, TURN_URLS and TURN_SECRET go together', async (t) => {
  const env = { DATA_DIR: '/tmp/plab-rtc-config-test' }
  const config = loadConfig({ ...env, STUN_URLS: 'stun:a.example:3478, stun:b.example', TURN_URLS: 'turn:t.example:3478', TURN_SECRET: SECRET, TURN_CREDENTIAL_HOURS: '2' })
  t.same(config.rtc, { stunUrls: ['stun:a.example:3478', 'stun:b.example'], turnUrls: ['turn:t.example:3478'], turnSecret: SECRET, turnCredentialSeconds: 7200 })
  t.throws(() => loadConfig({ ...env, STUN_URLS: 'https://a.example' }), { message: /STUN_URLS must be stun: or stuns: URLs separated by commas/ })
  t.throws(() => loadConfig({ ...env, TURN_URLS: 'turn:t.example' }), { message: /TURN_URLS and TURN_SECRET go together/ })
  t.throws(() => loadConfig({ ...env, TURN_SECRET: SECRET }), { message: /TURN_URLS and TURN_SECRET go together/ })
})
