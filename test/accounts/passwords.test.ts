import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { resetLinkIn, startSmtpReceiver } from '../helpers/smtp.ts'
import { createHash } from 'node:crypto'

const smtp = await startSmtpReceiver()
const ctx = await testApp({ smtpUrl: smtp.url, publicUrl: 'http://plab.test' })
t.teardown(async () => {
  await ctx.close()
  await smtp.close()
})
const { app } = ctx
const login = (email: string, password: string) => call(app, { method: 'POST', url: '/api/auth/login', body: { email, password } })

t.test('profile: name updated and validated; email cannot change', async (t) => {
  const me = await signedInUser(ctx)
  const ok = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: '  Grace Hopper ' }, headers: me.auth })
  t.equal(ok.status, 200)
  t.equal(ok.json.user.name, 'Grace Hopper', 'trimmed')
  t.equal(ok.json.user.email, me.email)
  const short = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: 'G' }, headers: me.auth })
  t.same([short.status, short.json.error], [400, 'Name must be at least 2 characters'])
  const blank = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: '   ' }, headers: me.auth })
  t.equal(blank.json.error, 'Name is required')
  const email = await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: 'Grace', email: 'new@example.com' }, headers: me.auth })
  t.same([email.status, email.json.error], [400, 'Unknown field: email'])
})

t.test('change password: checks the current one, cuts old tokens, keeps the caller signed in', async (t) => {
  const me = await signedInUser(ctx)
  const wrong = await call(app, { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: 'nope', newPassword: 'brand-new' }, headers: me.auth })
  t.same([wrong.status, wrong.json.error], [400, 'Current password is incorrect'])
  const short = await call(app, { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: me.password, newPassword: '123' }, headers: me.auth })
  t.equal(short.json.error, 'Password must be at least 6 characters')

  const changed = await call(app, { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: me.password, newPassword: 'brand-new' }, headers: me.auth })
  t.same([changed.status, changed.json.message], [200, 'Password changed successfully'])
  const stale = await call(app, { method: 'GET', url: '/api/auth/me', headers: me.auth })
  t.equal(stale.status, 401, 'the token issued before the change no longer works')
  const fresh = await call(app, { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${changed.json.token}` } })
  t.equal(fresh.status, 200, 'the token returned with the change works')
  t.equal((await login(me.email, me.password)).status, 400)
  t.equal((await login(me.email, 'brand-new')).status, 200)
})

t.test('forgot -> real mail -> link -> reset -> sign in; the link works once', async (t) => {
  const me = await signedInUser(ctx)
  const asked = await call(app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: me.email.toUpperCase() } })
  t.equal(asked.status, 200)
  const mail = await smtp.waitFor(me.email)
  const link = resetLinkIn(mail)
  t.equal(link.origin, 'http://plab.test', 'link on the public URL')
  t.equal(link.pathname, '/reset-password')
  const token = link.searchParams.get('token')!

  const reset = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token, newPassword: 'after-reset' } })
  t.same([reset.status, typeof reset.json.message], [200, 'string'])
  t.equal((await login(me.email, 'after-reset')).status, 200)
  t.equal((await call(app, { method: 'GET', url: '/api/auth/me', headers: me.auth })).status, 401, 'old sessions are cut')
  const reused = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token, newPassword: 'again-again' } })
  t.same([reused.status, reused.json.error], [400, 'Invalid reset token'])
})

t.test('forgot answers the same for unknown emails and sends nothing', async (t) => {
  const before = smtp.received.length
  const known = await signedInUser(ctx)
  const a = await call(app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: known.email } })
  const b = await call(app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: 'ghost@example.com' } })
  t.same([a.status, a.json], [b.status, b.json])
  await smtp.waitFor(known.email)
  t.equal(smtp.received.filter((m) => m.to.includes('ghost@example.com')).length, 0)
  t.ok(smtp.received.length > before)
  const invalid = await call(app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: 'nope' } })
  t.same([invalid.status, invalid.json.error], [400, 'Invalid email address'])
})

t.test('reset refuses unknown and expired tokens, and validates the new password', async (t) => {
  const unknown = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token: 'made-up', newPassword: 'whatever1' } })
  t.same([unknown.status, unknown.json.error], [400, 'Invalid reset token'])
  const me = await signedInUser(ctx)
  const token = 'expired-token-for-test'
  await ctx.database.db
    .insertInto('password_reset_tokens')
    .values({ token_hash: createHash('sha256').update(token).digest('hex'), user_id: me.id, expires_at: new Date(Date.now() - 1000), used_at: null })
    .execute()
  const expired = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token, newPassword: 'whatever1' } })
  t.same([expired.status, expired.json.error], [400, 'Reset token has expired. Please request a new one.'])
  const missing = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { newPassword: 'whatever1' } })
  t.equal(missing.json.error, 'Invalid or missing reset token')
  const blank = await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token: 'x', newPassword: '' } })
  t.equal(blank.json.error, 'New password is required')
})
