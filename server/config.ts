import * as v from 'valibot'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { SiteLinks } from '../schemas/contact.ts'

/** Every setting the server reads, validated once at start-up (README lists them). */
export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | null
  jwtSecret: string
  jwtExpirationHours: number
  smtpUrl: string | null
  mailFrom: string
  googleClientId: string | null
  adminEmail: string | null
  seedDemo: boolean
  rateLimits: boolean
  /** Behind a reverse proxy, client addresses (for rate limits) come from X-Forwarded-For. */
  trustProxy: boolean
  logLevel: string
  production: boolean
  /** A participant whose live connections have all been gone this long leaves the session. */
  offlineLimitMinutes: number
  /**
   * Tests only (refused with NODE_ENV=production): the sessions' clock runs this many times faster than the wall
   * clock from `epoch`, so a browser test can run a whole mock exam in a minute. Null: the wall clock.
   */
  sessionClock: { speed: number; epoch: number } | null
  /**
   * With several instances on PostgreSQL: how often each stamps its live connections, and how long an unstamped
   * one (its instance died) still counts as online.
   */
  presenceHeartbeatSeconds: number
  presenceExpirySeconds: number
  /** Other origins whose pages may call the API (a client served elsewhere, such as a Vite dev server). */
  corsOrigins: string[]
  /** The call's ICE servers (GET /api/rtc/config); none means host candidates only. */
  rtc: RtcSettings
  /** The landing's outside links (GET /api/config); CONTACT_EMAIL also receives each contact message. */
  siteLinks: SiteLinks
}

export interface RtcSettings {
  stunUrls: string[]
  turnUrls: string[]
  /** coturn's static-auth-secret (use-auth-secret): TURN credentials are derived from it per user. */
  turnSecret: string | null
  turnCredentialSeconds: number
}

const flag = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.picklist(['true', 'false', 'on', 'off', '1', '0'], `${name} must be true or false`),
      v.transform((s) => s === 'true' || s === 'on' || s === '1'),
    ),
  )

/** A comma-separated list of ICE server URLs of the given schemes (RFC 7064, RFC 7065). */
const iceUrls = (name: string, schemes: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map((url) => url.trim()).filter(Boolean)),
      v.array(v.pipe(v.string(), v.regex(new RegExp(`^(${schemes}):[^\\s,]+$`), `${name} must be ${schemes.replace('|', ': or ')}: URLs separated by commas`))),
    ),
  )

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber('PORT must be a number'), v.integer('PORT must be a whole number'), v.minValue(0, 'PORT must be 0-65535'), v.maxValue(65535, 'PORT must be 0-65535')), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must name an interface, such as 0.0.0.0'))),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('PUBLIC_URL must be a full URL such as https://plab.example.org'))),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  JWT_EXPIRATION_HOURS: v.optional(v.pipe(v.string(), v.toNumber('JWT_EXPIRATION_HOURS must be a number'), v.minValue(0.01, 'JWT_EXPIRATION_HOURS must be positive')), '24'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'PLAB Practice <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('ADMIN_EMAIL must be an email address'))),
  SEED_DEMO: flag('SEED_DEMO'),
  RATE_LIMITS: flag('RATE_LIMITS'),
  TRUST_PROXY: flag('TRUST_PROXY'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'), 'info'),
  NODE_ENV: v.optional(v.string(), 'development'),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean)),
      v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s]+$/, 'CORS_ORIGINS must be origins such as https://app.example.org, separated by commas'))),
    ),
  ),
  SESSION_CLOCK_SPEED: v.optional(v.pipe(v.string(), v.toNumber('SESSION_CLOCK_SPEED must be a number'), v.minValue(1, 'SESSION_CLOCK_SPEED must be at least 1'), v.maxValue(100, 'SESSION_CLOCK_SPEED must be at most 100'))),
  SESSION_CLOCK_EPOCH: v.optional(v.pipe(v.string(), v.toNumber('SESSION_CLOCK_EPOCH must be a time in epoch ms'), v.integer('SESSION_CLOCK_EPOCH must be a time in epoch ms'))),
  OFFLINE_LIMIT_MINUTES: v.optional(v.pipe(v.string(), v.toNumber('OFFLINE_LIMIT_MINUTES must be a number'), v.minValue(0.05, 'OFFLINE_LIMIT_MINUTES must be at least 0.05')), '10'),
  PRESENCE_HEARTBEAT_SECONDS: v.optional(v.pipe(v.string(), v.toNumber('PRESENCE_HEARTBEAT_SECONDS must be a number'), v.minValue(0.1, 'PRESENCE_HEARTBEAT_SECONDS must be at least 0.1')), '10'),
  STUN_URLS: iceUrls('STUN_URLS', 'stun|stuns'),
  TURN_URLS: iceUrls('TURN_URLS', 'turn|turns'),
  TURN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'TURN_SECRET must be at least 16 characters'))),
  TURN_CREDENTIAL_HOURS: v.optional(v.pipe(v.string(), v.toNumber('TURN_CREDENTIAL_HOURS must be a number'), v.minValue(0.1, 'TURN_CREDENTIAL_HOURS must be at least 0.1'), v.maxValue(48, 'TURN_CREDENTIAL_HOURS must be at most 48')), '4'),
  COMMUNITY_URL: v.optional(v.pipe(v.string(), v.url('COMMUNITY_URL must be a full URL such as https://chat.example.org'), v.regex(/^https?:/, 'COMMUNITY_URL must start with https://'))),
  DONATION_URL: v.optional(v.pipe(v.string(), v.url('DONATION_URL must be a full URL such as https://donate.example.org'), v.regex(/^https?:/, 'DONATION_URL must start with https://'))),
  CONTACT_EMAIL: v.optional(v.pipe(v.string(), v.email('CONTACT_EMAIL must be an email address'))),
  PRESENCE_EXPIRY_SECONDS: v.optional(v.pipe(v.string(), v.toNumber('PRESENCE_EXPIRY_SECONDS must be a number'), v.minValue(0.3, 'PRESENCE_EXPIRY_SECONDS must be at least 0.3')), '30'),
})

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = v.safeParse(EnvSchema, present)
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? 'setting'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = result.output
  const production = e.NODE_ENV === 'production'
  const dataDir = path.resolve(e.DATA_DIR)
  if (e.PRESENCE_EXPIRY_SECONDS < 2 * e.PRESENCE_HEARTBEAT_SECONDS) {
    // One late heartbeat must not take everyone on an instance offline.
    throw new ConfigError('Invalid configuration:\n  PRESENCE_EXPIRY_SECONDS: must be at least twice PRESENCE_HEARTBEAT_SECONDS')
  }
  if (Boolean(e.TURN_URLS?.length) !== Boolean(e.TURN_SECRET)) {
    // A TURN server without its secret hands out credentials it refuses; a secret alone names no server.
    throw new ConfigError('Invalid configuration:\n  TURN_URLS: TURN_URLS and TURN_SECRET go together')
  }
  if (production && e.SESSION_CLOCK_SPEED) throw new ConfigError('Invalid configuration:\n  SESSION_CLOCK_SPEED: for tests only, never with NODE_ENV=production')
  if (production && !e.JWT_SECRET) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production')
  // Demo accounts (with their published passwords) and cases only make sense for a local try-out: never by
  // default in production, and otherwise only on the embedded database.
  const seedDemo = e.SEED_DEMO ?? (!e.DATABASE_URL && !production)
  return {
    port: e.PORT,
    // With the demo's published passwords in the database, only this machine may reach it unless HOST says otherwise.
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    jwtExpirationHours: e.JWT_EXPIRATION_HOURS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    seedDemo,
    rateLimits: e.RATE_LIMITS ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    production,
    offlineLimitMinutes: e.OFFLINE_LIMIT_MINUTES,
    sessionClock: e.SESSION_CLOCK_SPEED ? { speed: e.SESSION_CLOCK_SPEED, epoch: e.SESSION_CLOCK_EPOCH ?? Date.now() } : null,
    presenceHeartbeatSeconds: e.PRESENCE_HEARTBEAT_SECONDS,
    presenceExpirySeconds: e.PRESENCE_EXPIRY_SECONDS,
    corsOrigins: e.CORS_ORIGINS ?? [],
    rtc: {
      stunUrls: e.STUN_URLS ?? [],
      turnUrls: e.TURN_URLS ?? [],
      turnSecret: e.TURN_SECRET ?? null,
      turnCredentialSeconds: Math.round(e.TURN_CREDENTIAL_HOURS * 3600),
    },
    siteLinks: { communityUrl: e.COMMUNITY_URL ?? null, donationUrl: e.DONATION_URL ?? null, contactEmail: e.CONTACT_EMAIL ?? null },
  }
}

/** Without JWT_SECRET, a local install keeps a generated secret in its data folder so sign-ins survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
