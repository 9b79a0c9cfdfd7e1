import t from 'tap'
import { call, testApp } from '../helpers/app.ts'

const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx

const register = (body: unknown) => call(app, { method: 'POST', url: '/api/auth/register', body })
const login = (body: unknown) => call(app, { method: 'POST', url: '/api/auth/login', body })

t.test('register then sign in: token and the WIRE user object', async (t) => {
  const created = await register({ name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'secret1' })
  t.equal(created.status, 201)
  t.equal(created.json.message, 'User registered successfully')

  const signedIn = await login({ email: 'ada@example.com', password: 'secret1' })
  t.equal(signedIn.status, 200)
  t.match(signedIn.json.user, { name: 'Ada Lovelace', email: 'ada@example.com', role: 'USER', provider: 'LOCAL', googleId: null, resetTokenValid: false })
  t.type(signedIn.json.user.id, 'number')
  const parts = signedIn.json.token.split('.')
  t.equal(parts.length, 3, 'a three-part JWT')
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString())
  t.type(claims.exp, 'number', 'numeric exp, which the client reads')
  t.ok(claims.exp - claims.iat === 24 * 3600, '24 h lifetime by default')

  const me = await call(app, { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${signedIn.json.token}` } })
  t.equal(me.json.user.email, 'ada@example.com')
})

t.test('an email is taken once, whatever its case', async (t) => {
  await register({ name: 'Bob', email: 'bob@example.com', password: 'secret1' })
  const again = await register({ name: 'Bob Two', email: 'BOB@example.com', password: 'secret2' })
  t.equal(again.status, 400)
  t.equal(again.json.error, 'Email is already taken')
})

t.test('every register field is validated with the spec messages', async (t) => {
  const bad = await register({ name: 'A', email: 'not-an-email', password: '123' })
  t.equal(bad.status, 400)
  t.same(bad.json.validationErrors, {
    name: 'Name must be at least 2 characters',
    email: 'Invalid email address',
    password: 'Password must be at least 6 characters',
  })
  t.equal(bad.json.error, 'Name must be at least 2 characters')
  const missing = await register({})
  t.same(missing.json.validationErrors, { name: 'Full name is required', email: 'Email is required', password: 'Password is required' })
  const longName = await register({ name: 'x'.repeat(51), email: 'long@example.com', password: 'secret1' })
  t.equal(longName.json.error, 'Name must be less than 50 characters')
})

t.test('bad bodies get a clear 400 or 413, never a stack trace', async (t) => {
  const unknown = await register({ name: 'Carol', email: 'carol@example.com', password: 'secret1', role: 'ADMIN' })
  t.equal(unknown.status, 400)
  t.equal(unknown.json.error, 'Unknown field: role', 'cannot register oneself as admin')
  const wrongType = await login({ email: 42, password: ['x'] })
  t.equal(wrongType.status, 400)
  t.equal(wrongType.json.validationErrors.email, 'Email is required')
  const malformed = await call(app, { method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } })
  t.same([malformed.status, malformed.json.error], [400, 'The request body is not valid JSON'])
  const notObject = await login(['a'])
  t.same([notObject.status, notObject.json.error], [400, 'A JSON object is required'])
  const huge = await register({ name: 'Huge', email: 'huge@example.com', password: 'x'.repeat(2 * 1024 * 1024) })
  t.same([huge.status, huge.json.error], [413, 'The request body is too large'])
  for (const response of [unknown, wrongType, malformed, notObject, huge]) t.notMatch(JSON.stringify(response.json), /at .*\.ts:\d+/)
})

t.test('sign-in does not reveal whether an email exists', async (t) => {
  await register({ name: 'Dana', email: 'dana@example.com', password: 'secret1' })
  const wrongPassword = await login({ email: 'dana@example.com', password: 'wrong-password' })
  const noSuchUser = await login({ email: 'nobody@example.com', password: 'wrong-password' })
  t.same([wrongPassword.status, wrongPassword.json], [400, { error: 'Invalid email or password' }])
  t.same([noSuchUser.status, noSuchUser.json], [400, { error: 'Invalid email or password' }])
  const blank = await login({ email: '', password: '' })
  t.same(blank.json.validationErrors, { email: 'Email is required', password: 'Password is required' })
})

t.test('protected routes: 401 without a token, with a forged, expired or wrongly signed one', async (t) => {
  await register({ name: 'Eve', email: 'eve@example.com', password: 'secret1' })
  const { json } = await login({ email: 'eve@example.com', password: 'secret1' })
  const [header, payload, signature] = json.token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')
  const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
  const expired = app.jwt.sign({ sub: claims.sub, tv: 0 }, { expiresIn: -10 })
  const cases: Array<[string, string | undefined]> = [
    ['no header', undefined],
    ['literal "Bearer null" (what the spec client sends signed out)', 'Bearer null'],
    ['forged payload', `Bearer ${header}.${forgedPayload}.${signature}`],
    ['alg none', `Bearer ${noneHeader}.${payload}.`],
    ['expired', `Bearer ${expired}`],
  ]
  for (const [label, authorization] of cases) {
    const response = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: 'Hacker' }, headers: authorization ? { authorization } : {} })
    t.equal(response.status, 401, label)
    t.type(response.json.error, 'string', `${label}: JSON error`)
  }
})

t.test('health and unknown API paths', async (t) => {
  const health = await call(app, { method: 'GET', url: '/api/health' })
  t.same([health.status, health.json.status], [200, 'ok'])
  const unknown = await call(app, { method: 'GET', url: '/api/no-such-thing' })
  t.same([unknown.status, unknown.json], [404, { error: 'Not found' }])
  const config = await call(app, { method: 'GET', url: '/api/config' })
  t.equal(config.json.googleClientId, null)
})

// The answers go out through their contracts (schemas/api/): a field a handler adds without declaring it is dropped.
t.test('the accounts and site answers carry exactly the keys their contracts declare', async (t) => {
  await register({ name: 'Grace Hopper', email: 'grace@example.com', password: 'secret1' })
  const signedIn = (await login({ email: 'grace@example.com', password: 'secret1' })).json
  const userKeys = ['email', 'googleId', 'id', 'name', 'provider', 'resetTokenValid', 'role']
  t.same(Object.keys(signedIn).sort(), ['token', 'user'])
  t.same(Object.keys(signedIn.user).sort(), userKeys)

  const profile = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: 'Grace B. Hopper' }, headers: { authorization: `Bearer ${signedIn.token}` } })
  t.same(Object.keys(profile.json).sort(), ['message', 'user'])
  t.same(Object.keys(profile.json.user).sort(), userKeys)

  t.same(Object.keys((await call(app, { method: 'GET', url: '/api/health' })).json).sort(), ['database', 'status'])
  t.same(Object.keys((await call(app, { method: 'GET', url: '/api/config' })).json).sort(), ['googleClientId', 'siteLinks'])
})
