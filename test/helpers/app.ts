import type { FastifyInstance, InjectOptions } from 'fastify'
import os from 'node:os'
import path from 'node:path'
import { buildApp, type AppDependencies } from '../../server/app.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { freshDatabase } from './db.ts'
import { hashPassword } from '../../server/accounts/passwords.ts'
import { insertUser } from '../../server/accounts/users-repo.ts'
import type { DatabaseHandle } from '../../server/db/connect.ts'
import type { UserRole } from '../../schemas/auth.ts'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  config: Config
  close(): Promise<void>
}

/** The whole app on a fresh database, rate limits off unless asked for, no network listener. */
export async function testApp(
  overrides: Partial<Config> = {},
  extra: Omit<AppDependencies, 'config' | 'database'> = {},
): Promise<TestApp> {
  const dataDir = path.join(os.tmpdir(), `plab-test-${process.pid}-${Math.random().toString(36).slice(2)}`)
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-123' }),
    rateLimits: false,
    seedDemo: false,
    ...overrides,
  }
  const database = await freshDatabase()
  const app = await buildApp({ config, database, logger: false, ...extra })
  await app.ready()
  return {
    app,
    database,
    config,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

let counter = 0

/** Creates an account directly (fast path for tests that are not about registration) and signs it in. */
export async function signedInUser(t: TestApp, fields: { role?: UserRole; name?: string } = {}) {
  counter += 1
  const email = `user${counter}-${process.pid}@example.com`
  const password = 'password-1'
  const row = await insertUser(t.database.db, {
    name: fields.name ?? `User ${counter}`,
    email,
    password_hash: await hashPassword(password),
    role: fields.role ?? 'USER',
    provider: 'LOCAL',
  })
  if (!row) throw new Error('could not create test user')
  const token = t.app.issueToken(row)
  return { id: row.id, email, password, token, auth: { authorization: `Bearer ${token}` } }
}

/** inject() with a JSON body, answering status and parsed JSON. */
export async function call(app: FastifyInstance, options: Omit<InjectOptions, 'body'> & { body?: unknown }) {
  const { body, ...rest } = options
  const response = await app.inject({
    ...rest,
    payload: body === undefined ? options.payload : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
  })
  let json: any
  try {
    json = response.json()
  } catch {
    json = undefined
  }
  return { status: response.statusCode, json, headers: response.headers }
}
