import Fastify, { type FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { sql } from 'kysely'
import path from 'node:path'
import type { PublicConfig } from '../schemas/auth.ts'
import { registerAuth } from './accounts/auth-plugin.ts'
import { createGoogleVerifier, type GoogleVerifier } from './accounts/google.ts'
import { createMailer, type Mailer } from './accounts/mailer.ts'
import { accountsRoutes } from './accounts/routes.ts'
import { adminRoutes } from './admin/routes.ts'
import type { Config } from './config.ts'
import { contentRoutes } from './content/routes.ts'
import { registerCors } from './cors.ts'
import type { DatabaseHandle } from './db/connect.ts'
import { installErrorHandler } from './error-handler.ts'
import { registerLive } from './live/hub.ts'
import { createSessionEngine } from './sessions/engine.ts'
import { subscribableSessionCode } from './sessions/queries.ts'
import { sessionRoutes } from './sessions/routes.ts'
import { tooManyRequests } from './errors.ts'
import { addSecurityHeaders } from './security-headers.ts'
import { serveWebAssets } from './web-assets.ts'

export interface AppDependencies {
  config: Config
  database: DatabaseHandle
  /** Tests inject a mailer or Google keys; production builds them from the config. */
  mailer?: Mailer
  googleCerts?: Record<string, string>
  logger?: boolean | object
  /** The sessions' clock (default Date.now): tests move it on to expire phases without waiting. */
  clock?: () => number
}

/** Builds the whole product as one Fastify instance; it never listens (main.ts does). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: true,
  })
  installErrorHandler(app)
  addSecurityHeaders(app, config.publicUrl)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`, Math.ceil(context.ttl / 1000)),
  })
  await registerAuth(app, { db: database.db, secret: config.jwtSecret, expirationHours: config.jwtExpirationHours })

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log, logText: !config.production })
  const google: GoogleVerifier | null = config.googleClientId ? createGoogleVerifier(config.googleClientId, deps.googleCerts) : null
  const live = await registerLive(app, { authoriseSubscription: (userId, code) => subscribableSessionCode(database.db, code, userId) })
  const sessions = await createSessionEngine(app, { database, live, now: deps.clock, offlineLimitMs: config.offlineLimitMinutes * 60_000 })

  await app.register(
    async (api) => {
      await registerCors(api, { origins: config.corsOrigins, production: config.production })
      api.get('/health', async (_request, reply) => {
        try {
          await sql`select 1`.execute(database.db)
          return { status: 'ok', database: database.kind }
        } catch {
          return reply.code(503).send({ error: 'Database unreachable', status: 'down', database: database.kind })
        }
      })
      api.get('/config', async (): Promise<PublicConfig> => ({ googleClientId: config.googleClientId }))
      await api.register(accountsRoutes, { db: database.db, mailer, google, publicUrl: config.publicUrl, rateLimits: config.rateLimits })
      await api.register(sessionRoutes, { db: database.db, engine: sessions, rateLimits: config.rateLimits })
      await api.register(contentRoutes, { db: database.db, dataDir: config.dataDir })
      await api.register(adminRoutes, { db: database.db })
    },
    { prefix: '/api' },
  )
  await serveWebAssets(app)
  return app
}
