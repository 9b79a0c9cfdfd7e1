import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { connectMemoryPGlite, connectPostgres, type DatabaseHandle } from '../../server/db/connect.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'

/**
 * A fresh, migrated database for one test file: real PostgreSQL when DATABASE_URL is set (a new database cloned
 * from a migrated template), else in-memory PGlite loaded from a migrated dump. Both caches are keyed by the
 * migrations' content, so a changed migration rebuilds them.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  return process.env.DATABASE_URL ? freshPostgres(process.env.DATABASE_URL) : freshPGlite()
}

/** The migrations' folder (the server carries them through migrations/index.ts). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations')

export const databaseKind = () => (process.env.DATABASE_URL ? 'postgres' : 'pglite')

function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)))
  return hash.digest('hex').slice(0, 12)
}

async function freshPGlite(): Promise<DatabaseHandle> {
  const dump = path.join(os.tmpdir(), `plab-pglite-template-${migrationsHash()}.tar.gz`)
  if (!existsSync(dump)) {
    const { handle, pglite } = await connectMemoryPGlite()
    await migrateToLatest(handle.db)
    const blob = await pglite.dumpDataDir()
    const partial = `${dump}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()))
    renameSync(partial, dump) // atomic: parallel test files never read half a dump
    await handle.close()
  }
  const bytes = readFileSync(dump)
  const { handle } = await connectMemoryPGlite({ loadDataDir: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })
  return handle
}

/** A new database cloned from the migrated template, for a test that hands its URL to a server process. */
export async function createPostgresDatabase(url: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const template = `plab_template_${migrationsHash()}`
  const name = `plab_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await withAdminClient(url, async (admin) => {
    // Parallel test files race to build the template; an advisory lock lets one build it.
    await admin.query('select pg_advisory_lock(727274)')
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (exists.rowCount === 0) {
      await admin.query(`create database ${template}`)
      const templateHandle = await connectPostgres(withDatabase(url, template))
      await migrateToLatest(templateHandle.db)
      await templateHandle.close()
    }
    await admin.query(`create database ${name} template ${template}`)
    await admin.query('select pg_advisory_unlock(727274)')
  })
  return {
    url: withDatabase(url, name),
    name,
    drop: async () => {
      await withAdminClient(url, (admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}

/** An empty database with no migration applied, for a test that runs migrations one by one over old data. */
export async function unmigratedDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) return (await connectMemoryPGlite()).handle
  const name = `plab_migration_${process.pid}_${randomBytes(4).toString('hex')}`
  await withAdminClient(url, (admin) => admin.query(`create database ${name}`))
  const handle = await connectPostgres(withDatabase(url, name))
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await withAdminClient(url, (admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}

/** Runs `work` on a client of the server's maintenance connection (DATABASE_URL itself). */
export async function withAdminClient<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

async function freshPostgres(url: string): Promise<DatabaseHandle> {
  const database = await createPostgresDatabase(url)
  const handle = await connectPostgres(database.url)
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/** The address of a fresh PostgreSQL database, for server processes that open it themselves. */
export async function urlOf(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db)
  return withDatabase(process.env.DATABASE_URL!, rows[0].name)
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
