import { FileMigrationProvider, Migrator } from 'kysely'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './connect.ts'

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')

/** Brings the schema up to date; throws with the failing migration's name and cause. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }) })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((r) => r.status === 'Error')
  if (error) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error })
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
