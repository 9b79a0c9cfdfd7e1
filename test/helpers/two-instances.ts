import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashPassword } from '../../server/accounts/passwords.ts'
import { insertUser } from '../../server/accounts/users-repo.ts'
import type { DatabaseHandle } from '../../server/db/connect.ts'
import { stompClient, type ClientTransport } from '../live/live-harness.ts'
import { seedBank } from '../sessions/helpers.ts'
import { freshDatabase, urlOf } from './db.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

export interface Member {
  id: number
  token: string
}

export interface Room {
  code: string
  doctor: Member
  patient: Member
  observer: Member
}

export interface Cluster {
  database: DatabaseHandle
  servers: [ServerProcess, ServerProcess]
  /** A fully joined room (doctor host, patient, observer), waiting to start; set up through the first instance. */
  readyRoom(): Promise<Room>
  close(): Promise<void>
}

const PASSWORD = 'password-1'

/**
 * Two real server processes (`server/main.ts`) on one fresh PostgreSQL database, with a Cardiology bank of
 * `cases` cases: for tests and benches about what crosses between instances. Needs DATABASE_URL.
 */
export async function twoInstances(cases: number): Promise<Cluster> {
  const database = await freshDatabase()
  await seedBank(database.db, { Cardiology: cases })
  const url = await urlOf(database)
  const dataDirs = ['a', 'b'].map((name) => mkdtempSync(path.join(os.tmpdir(), `plab-${name}-`)))
  const env = { DATABASE_URL: url, RATE_LIMITS: 'off', SEED_DEMO: 'false', JWT_SECRET: 'two-instances-secret-two-instances-secret' }
  const servers = (await Promise.all(dataDirs.map((dir) => startServerProcess({ ...env, DATA_DIR: dir })))) as [ServerProcess, ServerProcess]
  const passwordHash = await hashPassword(PASSWORD)
  let users = 0

  const member = async (role: string): Promise<Member> => {
    users += 1
    const email = `${role}${users}@cluster.test`
    const row = await insertUser(database.db, { name: `${role} ${users}`, email, password_hash: passwordHash, role: 'USER', provider: 'LOCAL' })
    const login = await api(servers[0], 'POST', '/auth/login', null, { email, password: PASSWORD })
    return { id: row!.id, token: login.json.token }
  }

  return {
    database,
    servers,
    async readyRoom() {
      const [doctor, patient, observer] = await Promise.all(['Doctor', 'Patient', 'Observer'].map(member))
      const { sessionCode: code } = (await api(servers[0], 'POST', '/sessions', doctor.token, { title: 'Cluster', selectedTopics: ['Cardiology'] })).json
      const configure = { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' }
      await api(servers[0], 'POST', `/sessions/${code}/configure`, doctor.token, configure)
      await api(servers[0], 'POST', `/sessions/${code}/join-with-role`, patient.token, { role: 'patient' })
      await api(servers[0], 'POST', `/sessions/${code}/join-with-role`, observer.token, { role: 'observer' })
      return { code, doctor, patient, observer }
    },
    async close() {
      await Promise.all(servers.map((server) => server.stop()))
      await database.close()
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One REST call to an instance, answering status and parsed JSON. */
export async function api(server: ServerProcess, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

/** The spec's client on one instance, subscribed to a session's topic (resolves once the server confirmed it). */
export async function subscribedClient(server: ServerProcess, transport: ClientTransport, token: string, code: string) {
  const ws = server.baseUrl.replace(/^http/, 'ws')
  const client = stompClient({ sockJsUrl: `${server.baseUrl}/ws`, webSocketUrl: `${ws}/ws` }, transport, token)
  await client.connected.next(10_000)
  const inbox = client.subscribe(code)
  await inbox.ready
  return { inbox, closes: client.closes, close: () => client.client.deactivate() }
}
