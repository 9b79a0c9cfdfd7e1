import { sql } from 'kysely'
import t from 'tap'
import { boardWatcher } from '../board/helpers.ts'
import { databaseKind } from '../helpers/db.ts'
import type { ServerProcess } from '../helpers/server-process.ts'
import { api, subscribedClient, twoInstances } from '../helpers/two-instances.ts'

// On PostgreSQL everything an instance hears by NOTIFY (the session bus, the board, the account cache) comes in
// on one pooled connection, held for good; each used to hold its own, three of the pool's ten (issue 15). Killing
// that one connection must bring all of them back, each with what it missed.

async function poll(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test('an instance LISTENs on one connection; killed, it brings back sessions, board and accounts', { skip: databaseKind() !== 'postgres' && 'LISTEN connections are PostgreSQL’s' }, async (t) => {
  const cluster = await twoInstances(2)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const db = cluster.database.db
  /** The instance's backends whose last statement was a LISTEN, whatever they are named after its pid. */
  const listening = async (server: ServerProcess) => {
    const { rows } = await sql<{ pid: number; name: string }>`
      select pid, application_name as name from pg_stat_activity
      where datname = current_database() and application_name like ${`%-${server.child.pid}`} and query like 'LISTEN%'`.execute(db)
    return rows
  }
  for (const server of [a, b]) t.same((await listening(server)).map((row) => row.name), [`plab-listen-${server.child.pid}`], 'one listening connection per instance')
  const [listenerOfA] = await listening(a)

  const room = await cluster.readyRoom()
  const client = await subscribedClient(b, 'websocket', room.observer.token, room.code)
  t.teardown(() => client.close())
  const watcher = await boardWatcher(t, { sockJsUrl: `${b.baseUrl}/ws`, webSocketUrl: `${b.baseUrl.replace(/^http/, 'ws')}/ws` }, room.observer.token)
  const heardOnB = (type: string) => client.inbox.items.some(({ body }) => (body as { type: string }).type === type)

  const { rows: killed } = await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`plab-listen-${b.child.pid}`}`.execute(db)
  t.equal(killed.length, 1)
  t.equal((await api(a, 'POST', `/sessions/${room.code}/start`, room.doctor.token)).status, 200, 'started on A right after B lost its LISTEN')
  await poll(async () => (await listening(b)).length === 1, 'B to listen again')
  t.same(await listening(a), [listenerOfA], "A's connection untouched")

  await poll(() => heardOnB('PHASE_CHANGE'), "B's client to hear the start")
  t.ok(await watcher.heard(null), "B's board pages told to read the board again")
  const listed = await api(a, 'POST', '/board/listings', room.doctor.token, { sessionCode: room.code, patientSeat: false, observerSeats: 2 })
  t.equal(listed.status, 201)
  t.ok(await watcher.heard(listed.json.listing.id), 'a listing made on A heard on B')

  const me = () => api(b, 'GET', '/auth/me', room.observer.token)
  t.equal((await me()).status, 200)
  // A rename no trigger announces (replication mode): B still showing the old name answers from memory again.
  const { name } = (await me()).json.user
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx)
    await trx.updateTable('users').set({ name: 'Unannounced' }).where('id', '=', room.observer.id).execute()
  })
  t.equal((await me()).json.user.name, name, "B's account cache in use again")
  await sql`update users set token_version = token_version + 1 where id = ${room.observer.id}`.execute(db)
  await poll(async () => (await me()).status === 401, 'B to hear an account change')

  t.equal((await api(a, 'POST', `/sessions/${room.code}/end`, room.doctor.token)).status, 200)
  await poll(() => heardOnB('SESSION_ENDED'), "B's client to hear the end")
})
