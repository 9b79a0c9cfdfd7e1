import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createPostgresDatabase, withAdminClient } from '../helpers/db.ts'
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts'

// Only PostgreSQL has connections that can be dropped under the server: restarts, failovers, idle timeouts.
const adminUrl = process.env.DATABASE_URL
const skip = adminUrl ? false : 'needs DATABASE_URL (real PostgreSQL)'

async function api(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

/** Ends every backend of the database, idle pooled ones included, and waits until each has really gone. */
async function terminateBackends(name: string): Promise<number> {
  const { rows } = await withAdminClient(adminUrl!, (admin) =>
    admin.query('select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
  )
  return rows.filter((row) => row.ended).length
}

const setConnectionsAllowed = (name: string, allowed: boolean) =>
  withAdminClient(adminUrl!, (admin) => admin.query(`alter database ${name} allow_connections ${allowed}`))

const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null

async function untilHealthy(server: ServerProcess) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline && alive(server)) {
    if ((await api(server, 'GET', '/health').catch(() => null))?.status === 200) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

t.test('the server outlives the database dropping its connections, and says so while it is unreachable', { skip }, async (t) => {
  const database = await createPostgresDatabase(adminUrl!)
  t.teardown(() => database.drop())
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'plab-outage-')),
    RATE_LIMITS: 'off',
    JWT_SECRET: 'outage-test-secret-outage-test-secret-123',
  })
  t.teardown(() => server.stop())

  const account = { name: 'Olu Outage', email: 'olu@example.com', password: 'password-1' }
  t.equal((await api(server, 'POST', '/auth/register', undefined, account)).status, 201)
  const token = (await api(server, 'POST', '/auth/login', undefined, { email: account.email, password: account.password })).json.token as string
  const created = await api(server, 'POST', '/sessions', token, { title: 'Before the blip' })
  t.equal(created.status, 200)

  // A burst of reads holds pooled connections while every backend is ended under them.
  const burst = Array.from({ length: 20 }, () => api(server, 'GET', '/sessions/user/active', token))
  t.ok((await terminateBackends(database.name)) > 0, 'the server had connections to end')
  for (const answer of await Promise.all(burst)) {
    if (answer.status !== 200) t.same(answer, { status: 503, json: { error: 'The database is unavailable. Please try again in a moment.' } })
  }
  t.ok(await untilHealthy(server), 'healthy again once PostgreSQL takes connections')
  t.equal((await api(server, 'GET', `/sessions/${created.json.sessionCode}`, token)).status, 200, 'reads work again')
  t.equal((await api(server, 'POST', '/sessions', token, { title: 'After the blip' })).status, 200, 'writes work again')

  // A longer outage: PostgreSQL refuses new connections until it is "back".
  await setConnectionsAllowed(database.name, false)
  t.teardown(() => setConnectionsAllowed(database.name, true))
  await terminateBackends(database.name)
  t.same(await api(server, 'GET', '/health'), { status: 503, json: { error: 'Database unreachable', status: 'down', database: 'postgres' } })
  t.same(await api(server, 'POST', '/sessions', token, { title: 'During the outage' }), {
    status: 503,
    json: { error: 'The database is unavailable. Please try again in a moment.' },
  })
  t.ok(alive(server), 'still running during the outage')

  await setConnectionsAllowed(database.name, true)
  t.ok(await untilHealthy(server), 'healthy again once the database is back')
  t.equal((await api(server, 'POST', '/sessions', token, { title: 'After the outage' })).status, 200, 'writes work again')
  t.ok(alive(server), 'the process never exited')
  t.notMatch(server.output(), /unhandled error/, 'no request failed with a 500')
})
