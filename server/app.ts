import Fastify, { type FastifyInstance } from 'fastify'
import compress, { type FastifyCompressOptions } from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import { sql } from 'kysely'
import path from 'node:path'
import { siteContracts } from '../schemas/api/site.ts'
import { registerAuth } from './accounts/auth-plugin.ts'
import { createGoogleVerifier, type GoogleVerifier } from './accounts/google.ts'
import { createMailer, type Mailer } from './accounts/mailer.ts'
import { accountsRoutes } from './accounts/routes.ts'
import { ownDataRoutes } from './accounts/own-data-routes.ts'
import type { SetAlarm } from './alarm.ts'
import { adminRoutes } from './admin/routes.ts'
import { registerBoard } from './board/board.ts'
import { availabilityRoutes } from './partners/availability-routes.ts'
import { BOARD_SESSION_TERMS } from './board/session-terms.ts'
import type { Config } from './config.ts'
import { caseFeedbackRoutes } from './case-feedback/routes.ts'
import { startCaseBankCache } from './content/case-bank-cache.ts'
import { contactRoutes } from './contact/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { contributionRoutes } from './contributions/routes.ts'
import { casePackRoutes } from './packs/routes.ts'
import { liveOriginCheck, registerCors } from './cors.ts'
import type { DatabaseHandle } from './db/connect.ts'
import { createPgListener } from './db/pg-listener.ts'
import { installErrorHandler } from './error-handler.ts'
import { registerLive } from './live/hub.ts'
import { progressRoutes } from './progress/routes.ts'
import { soloRoutes } from './solo/solo-routes.ts'
import { caseSearchRoutes } from './case-search/routes.ts'
import { createSessionEngine } from './sessions/engine/engine.ts'
import { signalParties, subscribableSessionCode } from './sessions/store/queries.ts'
import { rtcRoutes } from './rtc/routes.ts'
import { blockRoutes } from './partners/block-routes.ts'
import { candidateReportRoutes } from './partners/candidate-report-routes.ts'
import { myPartnersRoutes } from './partners/my-partners-routes.ts'
import { sessionRoutes } from './sessions/http/routes.ts'
import { codeMissLimit } from './sessions/http/code-miss-limit.ts'
import { tooManyRequests } from './errors.ts'
import { sharedRateLimitStore } from './rate-limit-store.ts'
import { OneLinePerRequest } from './request-log.ts'
import { addSecurityHeaders } from './security-headers.ts'
import { serve } from './route-contract.ts'
import { refuseUnstorableText } from './storable-text.ts'
import { parseJsonBodies } from './json-body.ts'
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
  /** How the sessions' timers (phase deadlines, the offline rule) wait, by default setTimeout: tests move a manual clock on. */
  setAlarm?: SetAlarm
}

/**
 * JSON answers larger than one TCP segment (a case, the case list) go out compressed; brotli at the plugin's
 * quality 4 costs about what gzip does per answer. Smaller ones (a session, polled every 2 s before joining, is
 * about 1.3 KB) go in one packet either way: compressing them cost about a quarter of the request's CPU and saved
 * the client no round trip. Request bodies are not decompressed: no client sends them compressed, so accepting
 * them would only widen what the server has to parse.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1400
const API_COMPRESSION = { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'], globalDecompression: false } satisfies FastifyCompressOptions

/** Builds the whole product as one Fastify instance; it never listens (main.ts does). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // close() lets requests in flight finish (idle keep-alive connections are closed); shutdown.ts bounds the wait.
    forceCloseConnections: false,
    logController: new OneLinePerRequest(),
  })
  installErrorHandler(app)
  addSecurityHeaders(app, config.publicUrl)
  await app.register(rateLimit, {
    global: false,
    // Shared by every instance on PostgreSQL; in memory on the embedded database (one process).
    ...(database.kind === 'postgres' ? { store: sharedRateLimitStore(app, database.db) } : {}),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`, Math.ceil(context.ttl / 1000)),
  })
  // On PostgreSQL one connection LISTENs for the whole instance (pg-listener.ts): the account cache, the case bank
  // cache, the session bus, the wrong-code limit and the board subscribe while they are built, and it starts once
  // they all have. Its hook is added first so that it runs last: root onClose hooks run in reverse order, after
  // every subscriber has stopped.
  const listener = database.pool ? createPgListener({ pool: database.pool, applicationName: `plab-listen-${process.pid}`, log: app.log }) : null
  if (listener) app.addHook('onClose', () => listener.close())
  await registerAuth(app, { database, listener, secret: config.jwtSecret, expirationHours: config.jwtExpirationHours, now: deps.clock ?? Date.now })
  const caseBank = await startCaseBankCache(database, listener)
  app.addHook('onClose', () => caseBank.close())

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log, logText: !config.production })
  const google: GoogleVerifier | null = config.googleClientId ? createGoogleVerifier(config.googleClientId, deps.googleCerts) : null
  const originRule = { origins: config.corsOrigins, production: config.production }
  const live = await registerLive(app, {
    authenticate: async (token) => {
      const user = await app.userFromToken(token)
      return user && { userId: user.id, name: user.name }
    },
    sessionAccess: (userId, code) => subscribableSessionCode(database.db, code, userId),
    signalParties: (code, userIds) => signalParties(database.db, code, userIds),
    now: deps.clock,
    acceptOrigin: liveOriginCheck(originRule, config.publicUrl),
  })
  const sessions = await createSessionEngine(app, {
    database,
    listener,
    caseBank: caseBank.cache,
    live,
    now: deps.clock,
    setAlarm: deps.setAlarm,
    offlineLimitMs: config.offlineLimitMinutes * 60_000,
    presence: { heartbeatMs: config.presenceHeartbeatSeconds * 1000, expiryMs: config.presenceExpirySeconds * 1000 },
    outsideTerms: BOARD_SESSION_TERMS,
  })

  await app.register(
    async (api) => {
      await registerCors(api, originRule)
      parseJsonBodies(api)
      refuseUnstorableText(api)
      // Only the API's answers: the live channel's streams (/ws) must go out as they are written, never buffered.
      await api.register(compress, API_COMPRESSION)
      serve(api, siteContracts.health, {}, async (_request, _checked, reply) => {
        try {
          await sql`select 1`.execute(database.db)
          return { status: 'ok' as const, database: database.kind }
        } catch {
          return reply.code(503).send({ error: 'Database unreachable', status: 'down', database: database.kind })
        }
      })
      serve(api, siteContracts.config, {}, async () => ({ googleClientId: config.googleClientId, siteLinks: config.siteLinks }))
      await api.register(accountsRoutes, { db: database.db, mailer, google, publicUrl: config.publicUrl, rateLimits: config.rateLimits })
      // One count of each user's wrong session codes for every route that takes one, the board's included.
      const codeMisses = config.rateLimits ? codeMissLimit(api, { listener, db: database.db, now: sessions.now }) : null
      await api.register(sessionRoutes, { db: database.db, engine: sessions, codeMisses, rateLimits: config.rateLimits })
      await api.register(ownDataRoutes, { db: database.db, runner: sessions.runner, live, rateLimits: config.rateLimits })
      await api.register(contentRoutes, { db: database.db, dataDir: config.dataDir, caseBank: caseBank.cache })
      await api.register(casePackRoutes, { db: database.db, dataDir: config.dataDir, caseBank: caseBank.cache })
      const board = await registerBoard(api, { database, listener, codeMisses, engine: sessions, live, mailer, mailFrom: config.mailFrom, publicUrl: config.publicUrl, rateLimits: config.rateLimits, setAlarm: deps.setAlarm })
      await api.register(adminRoutes, { db: database.db, runner: sessions.runner, live, board, now: deps.clock ?? Date.now })
      await api.register(availabilityRoutes, { db: database.db, rateLimits: config.rateLimits, clock: deps.clock })
      await api.register(progressRoutes, { db: database.db, clock: deps.clock })
      await api.register(soloRoutes, { db: database.db, caseBank: caseBank.cache, rateLimits: config.rateLimits, clock: deps.clock })
      await api.register(contributionRoutes, { db: database.db, caseBank: caseBank.cache, rateLimits: config.rateLimits, clock: deps.clock })
      await api.register(caseFeedbackRoutes, { db: database.db, rateLimits: config.rateLimits, clock: deps.clock })
      await api.register(caseSearchRoutes, { db: database.db, rateLimits: config.rateLimits })
      await api.register(contactRoutes, {
        db: database.db,
        mailer,
        contactEmail: config.siteLinks.contactEmail,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        rateLimits: config.rateLimits,
        now: deps.clock ?? Date.now,
      })
      await api.register(rtcRoutes, { db: database.db, settings: config.rtc, now: Date.now })
      await api.register(blockRoutes, { db: database.db, engine: sessions, rateLimits: config.rateLimits })
      await api.register(candidateReportRoutes, { db: database.db, engine: sessions, rateLimits: config.rateLimits })
      await api.register(myPartnersRoutes, { db: database.db, engine: sessions, mailer, publicUrl: config.publicUrl, rateLimits: config.rateLimits })
    },
    { prefix: '/api' },
  )
  await serveWebAssets(app)
  // Awaited like the rest of the start-up: an instance that cannot listen does not start.
  await listener?.start()
  return app
}
