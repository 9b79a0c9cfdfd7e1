import { sql } from 'kysely'
import t, { type Test } from 'tap'
import { issueResetToken } from '../../server/accounts/reset-tokens.ts'
import { buildApp } from '../../server/app.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind, withAdminClient } from '../helpers/db.ts'
import { countStatements } from '../helpers/statement-counter.ts'

// A signed-in request's account comes from memory once read (issue 15, account-cache.ts), yet every change to
// the account is seen by the very next request: this instance's own changes at once, anyone else's (another
// instance, plain SQL) as soon as the database's notice arrives. Each case first shows the account is served
// from memory (no statement), so that its revocation is a revocation of the cached row.

const counter = countStatements()
const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const db = ctx.database.db
const admin = await signedInUser(ctx, { role: 'ADMIN' })

type Headers = Record<string, string>
const me = (headers: Headers) => call(app, { method: 'GET', url: '/api/auth/me', headers })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Signs in a new user and makes sure the next request of theirs is answered from memory. */
async function cachedUser(t: Test) {
  const user = await signedInUser(ctx)
  t.equal((await me(user.auth)).status, 200)
  const cost = await counter.of(async () => t.equal((await me(user.auth)).status, 200))
  t.equal(cost.statements, 0, 'a repeated request reads no account')
  return user
}

async function poll(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('a password change cuts the old token on the very next request', async (t) => {
  const user = await cachedUser(t)
  const changed = await call(app, { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: user.password, newPassword: 'brand-new' }, headers: user.auth })
  t.equal(changed.status, 200)
  t.equal((await me(user.auth)).status, 401, 'the old token')
  t.equal((await me(bearer(changed.json.token))).status, 200, 'the token the change answered')
})

t.test('a password reset cuts the old token on the very next request', async (t) => {
  const user = await cachedUser(t)
  const token = await issueResetToken(db, user.id)
  t.equal((await call(app, { method: 'POST', url: '/api/auth/reset-password', body: { token, newPassword: 'brand-new' } })).status, 200)
  t.equal((await me(user.auth)).status, 401)
})

t.test('a role change by an admin cuts the old token on the very next request', async (t) => {
  const user = await cachedUser(t)
  t.equal((await call(app, { method: 'PUT', url: `/api/admin/users/${user.id}/role`, body: { role: 'ADMIN' }, headers: admin.auth })).status, 200)
  t.equal((await me(user.auth)).status, 401)
})

t.test('a name or partner profile change is shown by the very next request', async (t) => {
  const user = await cachedUser(t)
  t.equal((await call(app, { method: 'PUT', url: '/api/auth/profile', body: { name: 'New Name' }, headers: user.auth })).status, 200)
  t.equal((await me(user.auth)).json.user.name, 'New Name')
  const profile = { examMonth: '2027-03', timeZone: 'Europe/London', hiddenFromBoard: true }
  t.equal((await call(app, { method: 'PUT', url: '/api/profile/partners', body: profile, headers: user.auth })).status, 200)
  t.same((await call(app, { method: 'GET', url: '/api/profile/partners', headers: user.auth })).json.profile, profile)
})

t.test('a deleted account, by its owner or an admin, is refused on the very next request', async (t) => {
  const owner = await cachedUser(t)
  t.equal((await call(app, { method: 'POST', url: '/api/auth/delete-account', body: { currentPassword: owner.password }, headers: owner.auth })).status, 200)
  t.equal((await me(owner.auth)).status, 401, 'deleted by its owner')
  const other = await cachedUser(t)
  t.equal((await call(app, { method: 'DELETE', url: `/api/admin/users/${other.id}`, headers: admin.auth })).status, 200)
  t.equal((await me(other.auth)).status, 401, 'deleted by an admin')
})

t.test('a change by plain SQL is seen once its notice arrives', async (t) => {
  const user = await cachedUser(t)
  await sql`update users set name = 'Renamed by SQL' where id = ${user.id}`.execute(db)
  await poll(async () => (await me(user.auth)).json.user.name === 'Renamed by SQL', 'the new name')
  await sql`update users set token_version = token_version + 1 where id = ${user.id}`.execute(db)
  await poll(async () => (await me(user.auth)).status === 401, 'the old token refused')
  const gone = await cachedUser(t)
  await sql`delete from users where id = ${gone.id}`.execute(db)
  await poll(async () => (await me(gone.auth)).status === 401, 'the deleted account refused')
})

t.test('a token newer than the cached account reads it again, even before any notice', async (t) => {
  const user = await cachedUser(t)
  // A change no trigger announces (replication mode): as if its notice were still on its way.
  const changed = await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx)
    return trx.updateTable('users').set({ token_version: sql`token_version + 1` }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow()
  })
  t.equal((await me(bearer(app.issueToken(changed)))).status, 200, 'the new token')
  t.equal((await me(user.auth)).status, 401, 'the old token, refused from the row read again')
})

t.test('a second app on the same database hears the changes made through the first', async (t) => {
  const other = await buildApp({ config: ctx.config, database: ctx.database, logger: false })
  t.teardown(() => other.close())
  const user = await cachedUser(t)
  const onOther = () => call(other, { method: 'GET', url: '/api/auth/me', headers: user.auth })
  t.equal((await onOther()).status, 200)
  t.equal((await counter.of(onOther)).statements, 0, 'the other app answers from its own memory')
  t.equal((await call(app, { method: 'PUT', url: `/api/admin/users/${user.id}/role`, body: { role: 'ADMIN' }, headers: admin.auth })).status, 200)
  await poll(async () => (await onOther()).status === 401, 'the other app refusing the old token')
})

t.test('notices missed while the LISTEN connection is down are made up for', { skip: databaseKind() !== 'postgres' && 'PostgreSQL only: the embedded database has no connection to lose' }, async (t) => {
  const user = await cachedUser(t)
  const application = `plab-listen-${process.pid}`
  await withAdminClient(process.env.DATABASE_URL!, (client) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [application]))
  await sql`update users set name = 'Changed while nobody listened' where id = ${user.id}`.execute(db)
  await poll(async () => (await me(user.auth)).json.user.name === 'Changed while nobody listened', 'the name changed while unheard')
  await poll(async () => (await counter.of(() => me(user.auth))).statements === 0, 'the cache in use again once listening')
  await sql`update users set token_version = token_version + 1 where id = ${user.id}`.execute(db)
  await poll(async () => (await me(user.auth)).status === 401, 'a change heard on the new connection')
})
