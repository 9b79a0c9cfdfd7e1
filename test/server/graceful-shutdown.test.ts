import http from 'node:http'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { connectPGlite, connectPostgres, type DatabaseHandle } from '../../server/db/connect.ts'
import { createPostgresDatabase } from '../helpers/db.ts'
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts'
import { stompClient } from '../live/live-harness.ts'

interface Answer {
  /** Null when no complete answer came: the connection was refused or closed. */
  status: number | null
  json: any
  error?: string
  /** When the answer was complete (or the request failed). */
  at: number
}

/** One request on its own connection (no keep-alive), so each is either accepted by the server or refused. */
function request(server: ServerProcess, method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve) => {
    const outgoing = http.request(`${server.baseUrl}/api${url}`, {
      method,
      agent: false,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    })
    outgoing.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => {
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          return resolve({ status: null, json: null, error: `incomplete body (${response.statusCode}): ${text}`, at: Date.now() })
        }
        resolve({ status: response.statusCode!, json, at: Date.now() })
      })
      response.on('error', (error) => resolve({ status: null, json: null, error: error.message, at: Date.now() }))
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, json: null, error: error.code ?? error.message, at: Date.now() }))
    outgoing.end(payload)
  })
}

/** The server's database as a test client sees it, opened after the server exited. */
type OpenDatabase = () => Promise<DatabaseHandle>

async function setUp(kind: 'pglite' | 'postgres', t: { teardown(fn: () => unknown): void }): Promise<{ env: Record<string, string>; open: OpenDatabase }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-shutdown-'))
  const env = { DATA_DIR: dataDir, RATE_LIMITS: 'off', JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret' }
  if (kind === 'pglite') return { env, open: () => connectPGlite(path.join(dataDir, 'pglite')) }
  const database = await createPostgresDatabase(process.env.DATABASE_URL!)
  t.teardown(() => database.drop())
  return { env: { ...env, DATABASE_URL: database.url }, open: () => connectPostgres(database.url) }
}

const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

for (const kind of kinds) {
  t.test(`${kind}: SIGTERM lets the requests in flight finish, tells live clients to reconnect, and exits 0`, async (t) => {
    const { env, open } = await setUp(kind, t)
    const server = await startServerProcess(env)
    t.teardown(() => server.stop())
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))

    const host = { name: 'Hana Host', email: 'hana@example.com', password: 'password-1' }
    await request(server, 'POST', '/auth/register', undefined, host)
    const token = (await request(server, 'POST', '/auth/login', undefined, { email: host.email, password: host.password })).json.token
    const { sessionCode } = (await request(server, 'POST', '/sessions', token, { title: 'Live room' })).json
    const urls = { sockJsUrl: `${server.baseUrl}/ws`, webSocketUrl: `${server.baseUrl.replace('http', 'ws')}/ws` }
    const liveClients = (['websocket', 'sockjs', 'xhr-streaming'] as const).map((transport) => ({ transport, client: stompClient(urls, transport, token) }))
    for (const { client } of liveClients) {
      await client.connected.next(10_000)
      await client.subscribe(sessionCode).ready
    }

    // Slow writes (a password hash each), slow reads (a hash check), quick writes and quick reads, interleaved.
    const registrations = Array.from({ length: 20 }, (_, n) => ({ name: `Burst ${n}`, email: `burst-${n}@example.com`, password: 'password-1' }))
    const titles = Array.from({ length: 15 }, (_, n) => `Burst session ${n}`)
    const burst = [
      ...registrations.map((account) => request(server, 'POST', '/auth/register', undefined, account)),
      ...titles.map((title) => request(server, 'POST', '/sessions', token, { title })),
      ...Array.from({ length: 20 }, () => request(server, 'POST', '/auth/login', undefined, { email: host.email, password: host.password })),
      ...Array.from({ length: 45 }, () => request(server, 'GET', '/sessions/user/active', token)),
    ]
    // SIGTERM once the server has answered a few: the rest are in flight or still arriving.
    let answered = 0
    await new Promise<void>((resolve) => burst.forEach((pending) => void pending.then(() => ++answered === 5 && resolve())))
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    // Requests sent just after the signal: refused once the server has stopped accepting, else answered in full.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const late = Array.from({ length: 5 }, () => request(server, 'GET', '/sessions/user/active', token))
    const answers = await Promise.all(burst)
    const lateAnswers = await Promise.all(late)
    t.equal(await exited, 0, 'the process exits 0')

    for (const answer of [...answers, ...lateAnswers]) {
      if (answer.status === null) t.match(answer.error, /^(ECONNREFUSED|ECONNRESET|socket hang up)$/, 'an unanswered request was refused, not half answered')
      else t.ok(answer.status < 500 || (answer.status === 503 && answer.json.error), `a complete answer: ${answer.status} ${JSON.stringify(answer.json)}`)
    }
    const outcomes = new Map<string, number>()
    for (const answer of [...answers, ...lateAnswers]) outcomes.set(String(answer.status ?? answer.error), (outcomes.get(String(answer.status ?? answer.error)) ?? 0) + 1)
    t.comment(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`)
    const drained = answers.filter((answer) => answer.status !== null && answer.status !== 503 && answer.at > signalledAt)
    t.ok(drained.length > 0, `requests in flight at the signal were answered (${drained.length})`)
    t.notMatch(server.output(), /driver has already been destroyed|unhandled error/, 'no request met a closed database')
    t.notMatch(server.output(), /closing their connections/, 'all finished within the drain limit')

    for (const { transport, client } of liveClients) {
      t.same(await client.closes.next(5000), { code: 1012, reason: 'Server restarting: please reconnect' }, `${transport}: told to reconnect`)
    }

    const database = await open()
    t.teardown(() => database.close())
    const users = new Set((await database.db.selectFrom('users').select('email').execute()).map((row) => row.email))
    const sessions = new Set((await database.db.selectFrom('sessions').select('title').execute()).map((row) => row.title))
    registrations.forEach((account, n) => {
      const acknowledged = answers[n].status === 201
      t.equal(users.has(account.email), acknowledged, `${account.email}: stored exactly when acknowledged (${answers[n].status ?? answers[n].error})`)
    })
    titles.forEach((title, n) => {
      const answer = answers[registrations.length + n]
      const acknowledged = answer.status === 200
      // A write the server answered with an error, or never received, left nothing behind.
      if (acknowledged || answer.status === null || answer.status === 503) t.equal(sessions.has(title), acknowledged, `${title}: stored exactly when acknowledged`)
    })
  })
}
