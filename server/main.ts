// First: the heap's growth rule must hold before the app allocates anything.
import './heap-growth.ts'
import { fastClock } from './alarm.ts'
import { buildApp } from './app.ts'
import { findUserByEmail, setUserRole } from './accounts/users-repo.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openServerDatabase } from './cli/open-database.ts'
import { loggerOptions } from './log-output.ts'
import { DRAIN_LIMIT_MS, shutDown } from './shutdown.ts'

/** After the drain limit, closing the database and the rest still gets this long before the process is ended. */
const CLOSE_LIMIT_MS = 5000

/** Reads the config, opens, migrates and (SEED_DEMO) seeds the database, listens, and drains then exits on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig()
  // What seeding did is logged once the app's logger exists.
  const seedLines: string[] = []
  const database = await openServerDatabase(config, { info: (line) => seedLines.push(line) })
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel, process.stdout.isTTY === true),
    ...(config.sessionClock ? fastClock(config.sessionClock) : {}),
  })
  if (config.sessionClock) app.log.warn(`the sessions' clock runs ${config.sessionClock.speed} times faster (SESSION_CLOCK_SPEED, for tests)`)
  for (const line of seedLines) app.log.info(line)
  if (config.adminEmail) {
    const user = await findUserByEmail(database.db, config.adminEmail)
    if (user && user.role !== 'ADMIN') await setUserRole(database.db, user.id, 'ADMIN')
    if (!user) app.log.warn(`ADMIN_EMAIL ${config.adminEmail} has no account yet: register it, then restart`)
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing the requests in flight, then closing`)
    const force = setTimeout(() => process.exit(1), DRAIN_LIMIT_MS + CLOSE_LIMIT_MS)
    force.unref()
    await shutDown(app, database)
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`PLAB Practice is running at ${config.publicUrl} (database: ${database.kind})`)
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error)
  process.exit(1)
})
