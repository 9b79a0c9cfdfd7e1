import pg from 'pg'
import t from 'tap'
import { SETTLE_MS } from '../../server/sessions/engine/step-guard.ts'
import { createPostgresDatabase } from '../helpers/db.ts'
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts'
import { stompClient, type LiveServer } from '../live/live-harness.ts'

// The product as it runs behind a load balancer: several server processes on one PostgreSQL (issue 13). Each
// request goes to whichever instance the test picks, as a balancer would.

const postgresUrl = process.env.DATABASE_URL
if (!postgresUrl) {
  t.pass('several instances need PostgreSQL: run with DATABASE_URL')
} else {
  const database = await createPostgresDatabase(postgresUrl)
  const heartbeatSeconds = 0.5
  const expirySeconds = 1.5
  const offlineLimitSeconds = 3
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: 'several-instances-secret-several-instances',
    SEED_DEMO: 'true',
    RATE_LIMITS: 'on',
    TRUST_PROXY: 'on', // each test picks its own client address, so one test's budget is not another's
    PRESENCE_HEARTBEAT_SECONDS: String(heartbeatSeconds),
    PRESENCE_EXPIRY_SECONDS: String(expirySeconds),
    OFFLINE_LIMIT_MINUTES: String(offlineLimitSeconds / 60),
  }
  const servers: ServerProcess[] = []
  const sql = new pg.Client({ connectionString: database.url })
  t.teardown(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await sql.end()
    await database.drop()
  })
  // One after the other: the first seeds the demo accounts, the second finds them.
  for (let n = 0; n < 2; n += 1) servers.push(await startServerProcess(env))
  const [a, b] = servers
  await sql.connect()

  let addresses = 0
  const api = (server: ServerProcess, address = `198.51.100.${++addresses}`) => async (method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}/api${url}`, {
      method,
      headers: { 'X-Forwarded-For': address, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: response.status, json: await response.json().catch(() => null) }
  }
  const signIn = async (email: string) => (await api(a)('POST', '/auth/login', undefined, { email, password: 'demo-pass' })).json.token as string
  const [amara, bilal, chen] = [await signIn('amara@demo.local'), await signIn('bilal@demo.local'), await signIn('chen@demo.local')]

  /** A session hosted by Amara (doctor) with Bilal (patient) and Chen (observer), on instance A. */
  async function room() {
    const onA = api(a)
    const { sessionCode: code } = (await onA('POST', '/sessions', amara, { title: 'Cluster drill', selectedTopics: ['Random'] })).json
    await onA('POST', `/sessions/${code}/join-with-role`, bilal, { role: 'patient' })
    await onA('POST', `/sessions/${code}/join-with-role`, chen, { role: 'observer' })
    const { rows } = await sql.query('select id from sessions where code = $1', [code])
    return { code: code as string, id: Number(rows[0].id) }
  }

  async function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = await read()
      if (done(value)) return value
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  t.test('a login budget is spent across the instances together', async (t) => {
    const address = '203.0.113.77'
    const statuses: number[] = []
    for (let n = 0; n < 6; n += 1) {
      const server = servers[n % 2]
      statuses.push((await api(server, address)('POST', '/auth/login', undefined, { email: 'amara@demo.local', password: `wrong-${n}` })).status)
    }
    t.same(statuses, [400, 400, 400, 400, 400, 429], 'five wrong passwords in a minute, wherever they land')
  })

  /** A started room whose reading has run for a moment (a body-less click on a phase just begun does nothing). */
  async function readingRoom() {
    const started = await room()
    await api(a)('POST', `/sessions/${started.code}/start`, amara)
    const startedAt = (await api(a)('GET', `/sessions/${started.code}`, amara)).json.timerStartTimestamp as number
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + SETTLE_MS - Date.now())))
    return started
  }

  const phasesStarted = async (id: number) =>
    (await sql.query(`select payload->>'phase' as phase from session_events where session_id = $1 and type = 'PhaseStarted' order by version`, [id])).rows.map((row) => row.phase)

  t.test('50 identical skips with no body, spread over two instances: exactly one phase step', async (t) => {
    const { code, id } = await readingRoom()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => api(servers[n % 2])('POST', `/sessions/${code}/skip-phase`, amara)))
    t.same(await phasesStarted(id), ['READING', 'CONSULTATION'], 'reading skipped once, the consultation untouched')
    t.same([...new Set(answers.map((answer) => answer.status))], [200], 'none refused (issue 30)')
    t.equal(answers.filter((answer) => answer.json.message === 'Phase skipped successfully').length, 1, 'the others were told nothing was done')
  })

  t.test("50 copies of one keyed skip at once over two instances: stored once, every copy gets the first attempt's answer (issue 30)", async (t) => {
    for (let trial = 1; trial <= 5; trial += 1) {
      const { code, id } = await readingRoom()
      const key = { 'Idempotency-Key': `skip-${code}` }
      const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => api(servers[n % 2])('POST', `/sessions/${code}/skip-phase`, amara, undefined, key)))
      t.same(await phasesStarted(id), ['READING', 'CONSULTATION'], `trial ${trial}: stored once`)
      const differing = answers.filter((answer) => answer.status !== 200 || answer.json.message !== 'Phase skipped successfully')
      t.same(differing, [], `trial ${trial}: all 50 answered 200 'Phase skipped successfully'`)
    }
  })

  t.test('concurrent creates by one user over two instances: exactly one running session', async (t) => {
    for (const clicks of [2, 2, 5, 10, 20]) {
      const created = await Promise.all(Array.from({ length: clicks }, (_, n) => api(servers[n % 2])('POST', '/sessions', bilal, { title: `Click ${n}` })))
      t.same([...new Set(created.map((answer) => answer.status))], [200])
      const running = (await api(a)('GET', '/sessions/user/active', bilal)).json
      t.equal(running.length, 1, `one of ${clicks} sessions runs`)
    }
  })

  t.test('a killed instance: its user goes offline on the others within the bound, then the offline rule applies', async (t) => {
    const { code, id } = await room()
    const live = (server: ServerProcess, token: string) => {
      const url = new URL(server.baseUrl)
      const client = stompClient({ sockJsUrl: `${server.baseUrl}/ws`, webSocketUrl: `ws://${url.host}/ws` } as LiveServer, 'websocket', token)
      t.teardown(() => client.client.deactivate())
      return client
    }
    const doctorOnA = live(a, amara)
    const observerOnB = live(b, chen)
    for (const client of [doctorOnA, observerOnB]) {
      await client.connected.next(5000)
      await client.subscribe(code).ready
    }
    const online = (server: ServerProcess) => async () => {
      const { participants } = (await api(server)('GET', `/sessions/${code}`, amara)).json
      return Object.fromEntries(participants.map((p: { role: string; isOnline: boolean }) => [p.role, p.isOnline]))
    }
    await poll('presence seen on A', online(a), (seen) => seen.observer === true, 5000)

    const restarted = await startServerProcess(env)
    servers.push(restarted)
    t.same(await online(restarted)(), { doctor: true, patient: false, observer: true }, 'a new instance sees who is connected to the others')

    await b.crash()
    const killedAt = Date.now()
    const seen = await poll('the observer offline on A', online(a), (now) => now.observer === false, 15_000)
    const bound = (expirySeconds + heartbeatSeconds) * 1000
    t.ok(Date.now() - killedAt < bound + 3000, `offline after ${Date.now() - killedAt} ms (bound ${bound} ms, plus the test's own polling)`)
    t.same(seen, { doctor: true, patient: false, observer: false }, 'the doctor, connected to A, stays online')

    const left = await poll(
      'the offline rule',
      async () => (await sql.query(`select payload->>'reason' as reason from session_events where session_id = $1 and type = 'ParticipantLeft'`, [id])).rows,
      (rows) => rows.length > 0,
      offlineLimitSeconds * 1000 + 10_000,
    )
    t.same(left.map((row) => row.reason), ['OFFLINE_TOO_LONG'], 'the observer left the room for being gone')
  })
}
