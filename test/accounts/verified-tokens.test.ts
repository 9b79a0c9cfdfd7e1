import t from 'tap'
import { VerifiedTokens } from '../../server/accounts/verified-tokens.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'

// A token's signature is checked once per instance, not on every request (issue 15): counted, not timed. An
// answer from memory never outlives the token.

t.test('a token is checked once, then answered from memory until it expires', async (t) => {
  let now = 1_000_000
  const tokens = new VerifiedTokens<{ sub: string; exp?: number }>(() => now, 2)
  let checks = 0
  const verify = (token: string) => {
    checks += 1
    if (now >= 1_060_000) throw new Error('expired')
    return { sub: token, exp: 1_060 }
  }
  t.equal(tokens.claimsOf('a', verify).sub, 'a')
  t.equal(tokens.claimsOf('a', verify).sub, 'a')
  t.equal(checks, 1, 'the second use is not checked again')
  now = 1_060_000
  t.throws(() => tokens.claimsOf('a', verify), /expired/, 'once expired, it is checked again, and refused')
  t.equal(checks, 2)
})

t.test('a token with no expiry is checked every time; the oldest entry makes room', async (t) => {
  const tokens = new VerifiedTokens<{ exp?: number }>(() => 0, 2)
  const checked: string[] = []
  const verify = (token: string) => (checked.push(token), token === 'forever' ? {} : { exp: 60 })
  for (const token of ['forever', 'forever', 'a', 'b', 'c', 'b', 'a']) tokens.claimsOf(token, verify)
  t.same(checked, ['forever', 'forever', 'a', 'b', 'c', 'a'], 'b was kept; a, the oldest, had made room for c')
})

t.test('requests with one token check its signature once; it expires on time all the same', async (t) => {
  const ctx = await testApp()
  t.teardown(() => ctx.close())
  const { app } = ctx
  const user = await signedInUser(ctx)
  const jwt = app.jwt as unknown as { verify: (...args: unknown[]) => unknown }
  const verify = jwt.verify
  let checks = 0
  jwt.verify = (...args) => ((checks += 1), verify(...args))
  t.teardown(() => void (jwt.verify = verify))
  const me = (authorization: string) => call(app, { method: 'GET', url: '/api/auth/me', headers: { authorization } })

  for (let n = 0; n < 3; n += 1) t.equal((await me(`Bearer ${user.token}`)).status, 200)
  t.equal(checks, 1, 'three requests, one signature check')

  const shortLived = app.jwt.sign({ sub: String(user.id), tv: 0 }, { expiresIn: 60 })
  t.equal((await me(`Bearer ${shortLived}`)).status, 200)
  const realNow = Date.now
  Date.now = () => realNow() + 120_000
  t.teardown(() => void (Date.now = realNow))
  t.equal((await me(`Bearer ${shortLived}`)).status, 401, 'expired while remembered: refused')
  t.equal((await me(`Bearer ${user.token}`)).status, 200, 'the day-long token still passes')
})
