/**
 * The system under load: a fresh database (PostgreSQL when a URL is given, else an embedded one in a temp
 * DATA_DIR), seeded directly (a case bank and 3 accounts per session, tokens signed here, since logging 3,000
 * accounts in would measure password hashing), then the real server as its own process, watched from inside by
 * bench/measured-server.ts, and N rooms joined over HTTP, as the spec's client does.
 */
import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { connectPGlite, connectPostgres, type Db } from '../../server/db/connect.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { createPostgresDatabase } from '../../test/helpers/db.ts'
import { rssMb, type ServerProcess } from '../../test/helpers/server-process.ts'
import { startMeasuredServer, type MeasuredServer } from '../measured-server.ts'
import { seedBank } from '../../test/sessions/helpers.ts'

export interface Room {
  code: string
  /** Doctor (host), patient, observer. */
  tokens: [string, string, string]
}

export interface Target {
  server: MeasuredServer
  rooms: Room[]
  /** The database's address for the insert+commit floor: a PostgreSQL URL, or null for the embedded database. */
  postgresUrl: string | null
  dataDir: string
  rssMb(): number
  close(): Promise<void>
}

const SECRET = 'end-to-end-bench-secret-end-to-end-bench-secret'

/** An HS256 token as the server issues them (`sub` the user id, `tv` its token version). */
function token(userId: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), tv: 0, iat: now, exp: now + 86_400 })}`
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`
}

async function seed(db: Db, sessions: number, cases: number): Promise<string[]> {
  await seedBank(db, { Cardiology: cases })
  const tokens: string[] = []
  for (let first = 0; first < sessions * 3; first += 500) {
    const batch = Array.from({ length: Math.min(500, sessions * 3 - first) }, (_, n) => ({
      name: `Bench ${first + n}`,
      email: `bench${first + n}@load.test`,
      password_hash: null,
      role: 'USER' as const,
      provider: 'LOCAL' as const,
    }))
    const rows = await db.insertInto('users').values(batch).returning('id').execute()
    tokens.push(...rows.map((row) => token(row.id)))
  }
  return tokens
}

async function call(server: ServerProcess, method: string, url: string, bearer: string, body: unknown = {}) {
  const response = await fetch(`${server.baseUrl}/api${url}`, { method, headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return response.json().catch(() => null)
}

async function openRoom(server: ServerProcess, [doctor, patient, observer]: [string, string, string]): Promise<Room> {
  const { sessionCode: code } = await call(server, 'POST', '/sessions', doctor, { title: 'Load', selectedTopics: ['Cardiology'] })
  const configure = { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 5, consultationTime: 10, timingType: 'COUNTDOWN' }
  await call(server, 'POST', `/sessions/${code}/configure`, doctor, configure)
  await call(server, 'POST', `/sessions/${code}/join-with-role`, patient, { role: 'patient' })
  await call(server, 'POST', `/sessions/${code}/join-with-role`, observer, { role: 'observer' })
  return { code, tokens: [doctor, patient, observer] }
}

/**
 * A running service's database is in a steady state; one just filled is not: autovacuum would soon start on the
 * rows the set-up wrote, and the checkpointer on the pages it dirtied, both in the middle of the measurement.
 * Done here first, as pgbench vacuums before it measures.
 */
async function settle(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('vacuum analyze')
    await client.query('checkpoint')
  } finally {
    await client.end()
  }
}

export async function startTarget(options: { postgresUrl: string | null; sessions: number; cases: number }): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-load-'))
  const database = options.postgresUrl ? await createPostgresDatabase(options.postgresUrl) : null
  const handle = database ? await connectPostgres(database.url) : await connectPGlite(path.join(dataDir, 'pglite'))
  if (!database) await migrateToLatest(handle.db)
  const tokens = await seed(handle.db, options.sessions, options.cases)
  await handle.close() // the embedded database has one owner at a time: the server, from here on

  const env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', JWT_SECRET: SECRET, RATE_LIMITS: 'off', SEED_DEMO: 'false' }
  const server = await startMeasuredServer(env)
  const rooms: Room[] = []
  for (let first = 0; first < options.sessions; first += 20) {
    const batch = Array.from({ length: Math.min(20, options.sessions - first) }, (_, n) => 3 * (first + n))
    rooms.push(...(await Promise.all(batch.map((at) => openRoom(server, [tokens[at], tokens[at + 1], tokens[at + 2]])))))
  }
  if (database) await settle(database.url)

  return {
    server,
    rooms,
    postgresUrl: database?.url ?? null,
    dataDir,
    rssMb: () => rssMb(server.child.pid!),
    async close() {
      await server.stop()
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
