import path from 'node:path'
import { loadConfig, type Config } from '../config.ts'
import { connectPGlite, connectPostgres, type DatabaseHandle } from '../db/connect.ts'
import { migrateToLatest } from '../db/migrate.ts'

/** The configured database, migrated: what the server and every CLI command start from. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await connectPostgres(config.databaseUrl)
    : await connectPGlite(path.join(config.dataDir, 'pglite'))
  try {
    await migrateToLatest(handle.db)
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

/** Runs a CLI command with the configured database, printing a clear message instead of a stack on failure. */
export async function runCli(command: (handle: DatabaseHandle, config: Config) => Promise<void>) {
  let handle: DatabaseHandle | undefined
  try {
    const config = loadConfig()
    handle = await openDatabase(config)
    await command(handle, config)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await handle?.close()
  }
}
