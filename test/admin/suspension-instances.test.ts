import t from 'tap'
import { hashPassword } from '../../server/accounts/passwords.ts'
import { insertUser } from '../../server/accounts/users-repo.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, twoInstances } from '../helpers/two-instances.ts'

// A suspension made through one instance holds on the other at once (issue 36): the update bumps the token
// version and the users trigger tells every instance's account cache, so nobody waits for a cache to age.
const needsPostgres = databaseKind() !== 'postgres' && 'several instances need PostgreSQL (LISTEN/NOTIFY)'

async function poll(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('suspended through one instance: the other refuses the old token and the sign-in, with the same words', { skip: needsPostgres }, async (t) => {
  const cluster = await twoInstances(1)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const db = cluster.database.db
  const password_hash = await hashPassword('password-1')
  await insertUser(db, { name: 'Ada Admin', email: 'ada@cluster.test', password_hash, role: 'ADMIN', provider: 'LOCAL' })
  const sam = await insertUser(db, { name: 'Sam', email: 'sam@cluster.test', password_hash, role: 'USER', provider: 'LOCAL' })
  const adminToken = (await api(a, 'POST', '/auth/login', null, { email: 'ada@cluster.test', password: 'password-1' })).json.token
  const samToken = (await api(b, 'POST', '/auth/login', null, { email: 'sam@cluster.test', password: 'password-1' })).json.token
  t.equal((await api(b, 'GET', '/auth/me', samToken)).status, 200, 'B has read Sam into memory')

  const suspended = await api(a, 'POST', `/admin/users/${sam!.id}/suspension`, adminToken, { until: null, reason: 'Spam' })
  t.equal(suspended.status, 200)
  await poll(async () => (await api(b, 'GET', '/auth/me', samToken)).status === 403, 'B refusing the suspended account')
  const words = (await api(b, 'GET', '/auth/me', samToken)).json.error
  t.match(words, /^Your account is suspended permanently\. Reason: Spam/)
  t.same((await api(b, 'POST', '/auth/login', null, { email: 'sam@cluster.test', password: 'password-1' })).json, { error: words, accountSuspended: true })

  t.equal((await api(a, 'DELETE', `/admin/users/${sam!.id}/suspension`, adminToken)).status, 200)
  await poll(async () => (await api(b, 'POST', '/auth/login', null, { email: 'sam@cluster.test', password: 'password-1' })).status === 200, 'B letting Sam in again')
})
