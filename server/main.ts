import { buildApp } from './app.ts'
import { findUserByEmail, setUserRole } from './accounts/users-repo.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './cli/open-database.ts'
import { seedDemo } from './demo-seed.ts'

/** Reads the config, opens and migrates the database, listens, and shuts down cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(config)
  const app = await buildApp({ config, database })
  if (config.seedDemo) await seedDemo(database.db, app.log, { dataDir: config.dataDir, bank: 'if-empty' })
  if (config.adminEmail) {
    const user = await findUserByEmail(database.db, config.adminEmail)
    if (user && user.role !== 'ADMIN') await setUserRole(database.db, user.id, 'ADMIN')
    if (!user) app.log.warn(`ADMIN_EMAIL ${config.adminEmail} has no account yet: register it, then restart`)
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: closing`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    await database.close()
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
