import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'

const ctx = await testApp({ rateLimits: true })
t.teardown(() => ctx.close())

async function hammer(url: string, body: unknown, times: number) {
  const statuses: number[] = []
  let last
  for (let i = 0; i < times; i++) {
    last = await call(ctx.app, { method: 'POST', url, body, remoteAddress: '203.0.113.9' })
    statuses.push(last.status)
  }
  return { statuses, last: last! }
}

t.test('login: 5 a minute per address, then a clear 429', async (t) => {
  const { statuses, last } = await hammer('/api/auth/login', { email: 'a@example.com', password: 'wrong-one' }, 6)
  t.same(statuses, [400, 400, 400, 400, 400, 429])
  t.match(last.json.error, /^Too many attempts\. Please wait \d+ seconds and try again\.$/)
  t.type(last.json.retryAfterSeconds, 'number')
  t.ok(last.headers['retry-after'], 'Retry-After header')
  const other = await call(ctx.app, { method: 'POST', url: '/api/auth/login', body: { email: 'a@example.com', password: 'wrong-one' }, remoteAddress: '203.0.113.10' })
  t.equal(other.status, 400, 'another address is not limited')
})

t.test('register: 3 a minute; forgot-password: 3 an hour', async (t) => {
  const register = await hammer('/api/auth/register', { name: 'Zed', email: 'bad', password: 'secret1' }, 4)
  t.same(register.statuses, [400, 400, 400, 429])
  const forgot = await hammer('/api/auth/forgot-password', { email: 'z@example.com' }, 4)
  t.same(forgot.statuses, [200, 200, 200, 429])
})

t.test('change-password: 5 a minute, so a stolen token cannot guess the current password at speed', async (t) => {
  const user = await signedInUser(ctx)
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const body = { currentPassword: `guess-${i}`, newPassword: 'another-password' }
    statuses.push((await call(ctx.app, { method: 'POST', url: '/api/auth/change-password', body, headers: user.auth, remoteAddress: '203.0.113.11' })).status)
  }
  t.same(statuses, [400, 400, 400, 400, 400, 429])
})
