import t, { type Test } from 'tap'
import { sql } from 'kysely'
import type { Db } from '../../server/db/connect.ts'
import { readCommittedBatches } from '../../server/sessions/store/commit-reader.ts'
import { planLiveMessages } from '../../server/sessions/fan-out/live-messages.ts'
import { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { databaseKind } from '../helpers/db.ts'
import type { ServerProcess } from '../helpers/server-process.ts'
import { api, subscribedClient, twoInstances, type Cluster, type Member, type Room } from '../helpers/two-instances.ts'
import type { ClientTransport } from '../live/live-harness.ts'
import { scores } from './helpers.ts'

// Two real server processes on one PostgreSQL database, clients of every session on both. The event log is the
// truth: each client must receive exactly the live messages its commits imply, once each, in version order,
// whichever instance committed them. Presence updates (PARTICIPANT_UPDATE) are left out: they also follow
// connections, which no log records.
const needsPostgres = databaseKind() !== 'postgres' && 'several instances need PostgreSQL (LISTEN/NOTIFY)'

type Message = { type: string; [field: string]: unknown }
type Client = Awaited<ReturnType<typeof subscribedClient>> & { user: Member }

/** What tells one live message from another in a session's stream (a snapshot's details aside). */
function signature(message: object): string {
  const { type, phase, startTimestamp, userId, reason } = message as Message
  return JSON.stringify({ type, phase, startTimestamp, userId, reason })
}

/** What a participant must have heard of versions after `since`: the messages of each committed batch, rendered for their role. */
async function expectedFor(db: Db, sessionId: number, since: number, userId: number): Promise<string[]> {
  const end = await currentVersion(db, sessionId)
  const expected: string[] = []
  for (const batch of await readCommittedBatches(db, new SessionLoader(db), sessionId, { from: since + 1, to: end })) {
    for (const planned of planLiveMessages(batch).messages) {
      const audience = planned.audienceOf(userId)
      const message = audience && planned.render(audience, { cases: new Map(), isOnline: () => true, now: 0 })
      if (message && message.type !== 'PARTICIPANT_UPDATE') expected.push(signature(message))
    }
  }
  return expected
}

const received = (client: Client) => client.inbox.items.map(({ body }) => body as Message).filter((m) => m.type !== 'PARTICIPANT_UPDATE').map(signature)

async function currentVersion(db: Db, sessionId: number): Promise<number> {
  const row = await db.selectFrom('sessions').select('version').where('id', '=', sessionId).executeTakeFirstOrThrow()
  return row.version
}

async function poll(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

interface Watched {
  room: Room
  sessionId: number
  since: number
  clients: Client[]
}

/** A ready room whose three participants listen on the instances given (doctor, patient, observer). */
async function watchedRoom(cluster: Cluster, places: Array<[ServerProcess, ClientTransport]>): Promise<Watched> {
  const room = await cluster.readyRoom()
  const users = [room.doctor, room.patient, room.observer]
  const clients = await Promise.all(places.map(async ([server, transport], n) => ({ ...(await subscribedClient(server, transport, users[n].token, room.code)), user: users[n] })))
  const row = await cluster.database.db.selectFrom('sessions').select(['id', 'version']).where('code', '=', room.code).executeTakeFirstOrThrow()
  return { room, sessionId: row.id, since: row.version, clients }
}

/** Stops both servers (so nothing more can arrive) and compares every client's messages with the log. */
async function checkEveryClient(t: Test, cluster: Cluster, rooms: Watched[]) {
  const db = cluster.database.db
  const everyone = rooms.flatMap((watched) => watched.clients.map((client) => ({ watched, client })))
  const expected = await Promise.all(everyone.map(({ watched, client }) => expectedFor(db, watched.sessionId, watched.since, client.user.id)))
  // Short or not, every client's messages are compared below; waiting longer would not change a wrong answer.
  await poll(() => everyone.every(({ client }, n) => received(client).length >= expected[n].length), 'every client to hear every commit').catch(() => {})
  await Promise.all(cluster.servers.map((server) => server.stop()))
  await poll(() => everyone.every(({ client }) => client.closes.items.length > 0), 'the servers to close every connection')
  let wrong = 0
  everyone.forEach(({ watched, client }, n) => {
    if (JSON.stringify(received(client)) === JSON.stringify(expected[n])) return
    wrong += 1
    t.same(received(client), expected[n], `${watched.room.code}: user ${client.user.id} heard every commit once, in order`)
  })
  t.equal(wrong, 0, `all ${everyone.length} clients heard exactly what the log implies`)
  t.ok(expected.every((messages) => messages.length >= 6), 'every client had several commits to hear')
}

/**
 * A doctor's step as our own client sends it: naming the phase or case they saw (read from `server`), so that a
 * step the session has left is refused instead of settled by the 1 s double-click rule.
 */
async function stepSeen(server: ServerProcess, code: string, doctor: Member, url: '/new-case' | '/skip-phase') {
  const { json } = await api(server, 'GET', `/sessions/${code}`, doctor.token)
  const seen = url === '/new-case' ? { caseId: json.selectedCase?.id } : { phase: json.phase }
  return api(server, 'POST', `/sessions/${code}${url}`, doctor.token, seen)
}

t.test('commands alternating and racing between two instances reach every client once, in order', { skip: needsPostgres }, async (t) => {
  const cluster = await twoInstances(8)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const rooms = await Promise.all(
    Array.from({ length: 16 }, (_, n) => {
      const [x, y] = n % 2 === 0 ? [a, b] : [b, a]
      return watchedRoom(cluster, [[x, 'websocket'], [y, 'sockjs'], [n % 3 === 0 ? x : y, 'websocket']])
    }),
  )
  await Promise.all(
    rooms.map(async ({ room }, n) => {
      const [x, y] = n % 2 === 0 ? [a, b] : [b, a]
      const session = `/sessions/${room.code}`
      const post = (server: ServerProcess, who: Member, url: string, body: object = {}) => api(server, 'POST', url, who.token, body)
      await post(x, room.doctor, `${session}/start`)
      await stepSeen(y, room.code, room.doctor, '/new-case')
      // A double click over both instances: one new case, the other refused.
      await Promise.all([stepSeen(x, room.code, room.doctor, '/new-case'), stepSeen(y, room.code, room.doctor, '/new-case')])
      await post(x, room.doctor, `${session}/skip-phase`, { phase: 'READING' })
      await post(y, room.doctor, `${session}/skip-phase`, { phase: 'CONSULTATION' })
      await post(x, room.patient, '/feedback/submit', { sessionCode: room.code, comment: 'Clear', criteriaScores: scores() })
      await post(y, room.observer, `${session}/leave`)
      t.equal((await post(x, room.doctor, `${session}/end`)).status, 200, `${room.code} ended`)
    }),
  )
  await checkEveryClient(t, cluster, rooms)
})

t.test("an instance whose listening connection is killed reconnects and delivers what was committed meanwhile", { skip: needsPostgres }, async (t) => {
  const cluster = await twoInstances(8)
  t.teardown(() => cluster.close())
  const [a, b] = cluster.servers
  const rooms = await Promise.all(Array.from({ length: 6 }, () => watchedRoom(cluster, [[a, 'websocket'], [b, 'sockjs'], [b, 'websocket']])))
  const listenerOfB = `plab-listen-${b.child.pid}`
  const listenerBackends = async () => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${listenerOfB}`.execute(cluster.database.db)
    return rows.map((row) => row.pid)
  }
  const onA = (room: Room, url: string, body: object = {}) => api(a, 'POST', `/sessions/${room.code}${url}`, room.doctor.token, body)
  const everyRoom = (command: (room: Room) => Promise<unknown>) => Promise.all(rooms.map(({ room }) => command(room)))

  await everyRoom((room) => onA(room, '/start'))
  // Each time, the commands are committed on A right after B lost its LISTEN: B hears of them only by catching up.
  const whileBIsDeaf = [
    ['/new-case', '/new-case'],
    ['/skip-phase', '/skip-phase'],
  ] as const
  for (const commands of whileBIsDeaf) {
    await poll(async () => (await listenerBackends()).length === 1, "B's listening connection")
    const { rows } = await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerOfB}`.execute(cluster.database.db)
    t.equal(rows.length, 1, "B's listening connection is terminated")
    for (const url of commands) await everyRoom((room) => stepSeen(a, room.code, room.doctor, url))
  }
  await everyRoom((room) => onA(room, '/end'))
  await poll(async () => (await listenerBackends()).length === 1, 'B to listen again')
  t.equal((await api(b, 'GET', '/health', null)).status, 200, 'B kept running')
  t.match(b.output(), /lost the LISTEN connection; reconnecting/, 'B noticed and said so')
  await checkEveryClient(t, cluster, rooms)
})
