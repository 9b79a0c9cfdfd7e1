import t from 'tap'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, loadConfig } from '../../server/config.ts'

const dataDir = path.join(os.tmpdir(), `plab-config-test-${process.pid}`)

t.test('defaults: embedded database, demo content, port 8080, a generated local secret kept on disk', async (t) => {
  const config = loadConfig({ DATA_DIR: dataDir })
  t.match(config, { port: 8080, databaseUrl: null, seedDemo: true, rateLimits: true, publicUrl: 'http://localhost:8080', offlineLimitMinutes: 10 })
  t.ok(config.jwtSecret.length >= 32)
  t.equal(loadConfig({ DATA_DIR: dataDir }).jwtSecret, config.jwtSecret, 'the same secret after a restart')
  t.equal(config.sessionClock, null, 'the wall clock')
  t.same(loadConfig({ DATA_DIR: dataDir, SESSION_CLOCK_SPEED: '20', SESSION_CLOCK_EPOCH: '1000' }).sessionClock, { speed: 20, epoch: 1000 }, 'a faster clock only when a test asks')
})

t.test('with DATABASE_URL, demo content is off unless asked for', async (t) => {
  t.equal(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo, false)
  t.equal(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: 'true' }).seedDemo, true)
  const production = { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }
  t.equal(loadConfig(production).seedDemo, false, 'no demo accounts with published passwords in production')
  t.equal(loadConfig(production).host, '0.0.0.0')
  t.equal(loadConfig({ DATA_DIR: dataDir }).host, '127.0.0.1', 'with the demo accounts, only this machine can reach the server')
  t.equal(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).host, '0.0.0.0', 'unless HOST says otherwise')
})

t.test('each bad setting is named with what is wrong', async (t) => {
  const attempt = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env })
      return ''
    } catch (error) {
      t.type(error, ConfigError)
      return (error as Error).message
    }
  }
  t.match(attempt({ PORT: 'eighty' }), /PORT: PORT must be a number/)
  t.match(attempt({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL must start with postgres:\/\//)
  t.match(attempt({ JWT_SECRET: 'short' }), /JWT_SECRET must be at least 32 characters/)
  t.match(attempt({ SMTP_URL: 'http://mail' }), /SMTP_URL must start with smtp/)
  t.match(attempt({ RATE_LIMITS: 'maybe' }), /RATE_LIMITS must be true or false/)
  t.match(attempt({ OFFLINE_LIMIT_MINUTES: '0' }), /OFFLINE_LIMIT_MINUTES must be at least 0.05/)
  t.match(attempt({ PRESENCE_HEARTBEAT_SECONDS: '10', PRESENCE_EXPIRY_SECONDS: '15' }), /PRESENCE_EXPIRY_SECONDS: must be at least twice PRESENCE_HEARTBEAT_SECONDS/)
  t.match(attempt({ CORS_ORIGINS: 'https://ok.example, example.org/path' }), /CORS_ORIGINS must be origins such as https:\/\/app.example.org/)
  t.match(attempt({ NODE_ENV: 'production' }), /JWT_SECRET: required when NODE_ENV=production/)
  t.match(attempt({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SESSION_CLOCK_SPEED: '20' }), /SESSION_CLOCK_SPEED: for tests only/)
  t.match(attempt({ SESSION_CLOCK_SPEED: '500' }), /SESSION_CLOCK_SPEED must be at most 100/)
  const both = attempt({ PORT: '-1', PUBLIC_URL: 'nope' })
  t.match(both, /PORT/)
  t.match(both, /PUBLIC_URL must be a full URL/)
})
