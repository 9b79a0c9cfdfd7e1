import t from 'tap'
import { createSign, generateKeyPairSync } from 'node:crypto'
import { call, signedInUser, testApp } from '../helpers/app.ts'

const CLIENT_ID = 'test-client.apps.googleusercontent.com'
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const certs = { 'test-key': publicKey.export({ type: 'spki', format: 'pem' }).toString() }

/** An RS256 ID token shaped like Google's, signed with our own key (no network needed). */
function idToken(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000)
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'test-key' })).toString('base64url')
  const payload = Buffer.from(
    JSON.stringify({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat: now, exp: now + 600, email_verified: true, ...claims }),
  ).toString('base64url')
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url')
  return `${header}.${payload}.${signature}`
}

const ctx = await testApp({ googleClientId: CLIENT_ID }, { googleCerts: certs })
t.teardown(() => ctx.close())
const google = (token: string) => call(ctx.app, { method: 'POST', url: '/api/auth/google', body: { idToken: token } })

t.test('a first Google sign-in creates a GOOGLE user; the next finds it', async (t) => {
  const first = await google(idToken({ sub: 'g-1', email: 'Gina@Gmail.com', name: 'Gina G' }))
  t.equal(first.status, 200)
  t.match(first.json.user, { email: 'gina@gmail.com', name: 'Gina G', provider: 'GOOGLE', role: 'USER', googleId: 'g-1' })
  const again = await google(idToken({ sub: 'g-1', email: 'gina@gmail.com', name: 'Gina G' }))
  t.equal(again.json.user.id, first.json.user.id)
  const me = await call(ctx.app, { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${again.json.token}` } })
  t.equal(me.status, 200)
  const change = await call(ctx.app, { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: 'x', newPassword: 'yyyyyy' }, headers: { authorization: `Bearer ${again.json.token}` } })
  t.equal(change.status, 403, 'Google accounts have no password to change')
})

t.test('a Google Workspace address links to the existing LOCAL account, which stays LOCAL', async (t) => {
  const local = await signedInUser(ctx, { name: 'Lena Local' })
  const linked = await google(idToken({ sub: 'g-2', email: local.email, name: 'Lena on Google', hd: local.email.split('@')[1] }))
  t.equal(linked.status, 200)
  t.match(linked.json.user, { id: local.id, provider: 'LOCAL', googleId: 'g-2', name: 'Lena Local' })
  const password = await call(ctx.app, { method: 'POST', url: '/api/auth/login', body: { email: local.email, password: local.password } })
  t.equal(password.status, 200, 'the password still works')
})

t.test('an address Google verified but does not own (no Gmail, no Workspace domain) does not link', async (t) => {
  const local = await signedInUser(ctx)
  const refused = await google(idToken({ sub: 'g-6', email: local.email }))
  t.same([refused.status, refused.json.error], [409, 'An account with this email already exists. Please sign in with your email and password.'])
  const login = await call(ctx.app, { method: 'POST', url: '/api/auth/login', body: { email: local.email, password: local.password } })
  t.equal(login.json.user.googleId, null, 'nothing was linked')
})

t.test('an unverified Google email cannot take over an account', async (t) => {
  const local = await signedInUser(ctx)
  const refused = await google(idToken({ sub: 'g-3', email: local.email, email_verified: false }))
  t.equal(refused.status, 401)
})

t.test('bad tokens: wrong audience, wrong issuer, expired, wrong key, garbage', async (t) => {
  const now = Math.floor(Date.now() / 1000)
  const bad = [
    idToken({ sub: 'g-4', email: 'x@gmail.com', aud: 'someone-else' }),
    idToken({ sub: 'g-4', email: 'x@gmail.com', iss: 'https://evil.example' }),
    idToken({ sub: 'g-4', email: 'x@gmail.com', iat: now - 7200, exp: now - 3600 }),
    'not.a.jwt',
  ]
  for (const token of bad) {
    const response = await google(token)
    t.same([response.status, response.json.error], [401, 'Invalid or expired Google ID token'])
  }
  const missing = await call(ctx.app, { method: 'POST', url: '/api/auth/google', body: {} })
  t.same([missing.status, missing.json.error], [400, 'idToken is required'])
})

t.test('a suspended account is refused at Google sign-in, with the words of its suspension (issue 36)', async (t) => {
  const admin = await signedInUser(ctx, { role: 'ADMIN' })
  const first = await google(idToken({ sub: 'g-7', email: 'suki@gmail.com', name: 'Suki' }))
  const suspended = await call(ctx.app, { method: 'POST', url: `/api/admin/users/${first.json.user.id}/suspension`, headers: admin.auth, body: { until: null, reason: 'Spam' } })
  t.equal(suspended.status, 200)
  const refused = await google(idToken({ sub: 'g-7', email: 'suki@gmail.com', name: 'Suki' }))
  t.match(refused, { status: 403, json: { error: /^Your account is suspended permanently\. Reason: Spam/, accountSuspended: true } })
  t.notOk('token' in refused.json)
  await call(ctx.app, { method: 'DELETE', url: `/api/admin/users/${first.json.user.id}/suspension`, headers: admin.auth })
  t.equal((await google(idToken({ sub: 'g-7', email: 'suki@gmail.com', name: 'Suki' }))).status, 200, 'lifted: welcome back')
})

t.test('without GOOGLE_CLIENT_ID: the 500 that the spec client shows as "not configured"', async (t) => {
  const plain = await testApp()
  t.teardown(() => plain.close())
  const response = await call(plain.app, { method: 'POST', url: '/api/auth/google', body: { idToken: idToken({ sub: 'g-5', email: 'y@gmail.com' }) } })
  t.same([response.status, response.json.error], [500, 'Google OAuth configuration error'])
  const config = await call(plain.app, { method: 'GET', url: '/api/config' })
  t.equal(config.json.googleClientId, null)
  t.equal((await call(ctx.app, { method: 'GET', url: '/api/config' })).json.googleClientId, CLIENT_ID)
})
