import { Migrator, type MigrationProvider } from 'kysely'
import { MIGRATIONS } from '../../migrations/index.ts'
import type { Db } from './connect.ts'

/** The migrations of migrations/index.ts, for kysely's Migrator. */
export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Brings the schema up to date; throws with the failing migration's name and cause. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((r) => r.status === 'Error')
  if (error) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error })
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
