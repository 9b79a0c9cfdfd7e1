import { sql } from 'kysely'
import t from 'tap'
import { hashPassword } from '../../server/accounts/passwords.ts'
import { insertUser } from '../../server/accounts/users-repo.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, twoInstances } from '../helpers/two-instances.ts'

// Two real server processes on one PostgreSQL database: each keeps the accounts it has read in memory
// (account-cache.ts), and a change made through one instance reaches the other by the trigger's notice.
const needsPostgres = databaseKind() !== 'postgres' && 'several instances need PostgreSQL (LISTEN/NOTIFY)'

async function poll(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('a password change or a deletion on one instance cuts the old token on the other', { skip: needsPostgres }, async (t) => {
  const cluster = await twoInstances(1)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const db = cluster.database.db
  const password = 'password-1'
  const user = await insertUser(db, { name: 'Ada', email: 'ada@cluster.test', password_hash: await hashPassword(password), role: 'USER', provider: 'LOCAL' })
  const oldToken = (await api(a, 'POST', '/auth/login', null, { email: 'ada@cluster.test', password })).json.token
  t.equal((await api(b, 'GET', '/auth/me', oldToken)).status, 200)

  // A rename no trigger announces (replication mode) shows that B answers from memory.
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx)
    await trx.updateTable('users').set({ name: 'Unannounced' }).where('id', '=', user!.id).execute()
  })
  t.equal((await api(b, 'GET', '/auth/me', oldToken)).json.user.name, 'Ada', 'B serves the account from memory')

  const changed = await api(a, 'POST', '/auth/change-password', oldToken, { currentPassword: password, newPassword: 'brand-new' })
  t.equal(changed.status, 200)
  await poll(async () => (await api(b, 'GET', '/auth/me', oldToken)).status === 401, 'B refusing the old token')
  const fresh = await api(b, 'GET', '/auth/me', changed.json.token)
  t.same([fresh.status, fresh.json.user.name], [200, 'Unannounced'], 'the new token works on B, with the row read again')

  t.equal((await api(a, 'POST', '/auth/delete-account', changed.json.token, { currentPassword: 'brand-new' })).status, 200)
  await poll(async () => (await api(b, 'GET', '/auth/me', changed.json.token)).status === 401, 'B refusing the deleted account')
})
