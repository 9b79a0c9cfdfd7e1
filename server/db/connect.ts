import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGliteDialect } from './pglite-dialect.ts'
import { acquireDirectoryLock } from './directory-lock.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

/** A database handle plus how to reach the raw connection for LISTEN/NOTIFY and shutdown. */
export interface DatabaseHandle {
  db: Db
  kind: 'postgres' | 'pglite'
  /** Present on Postgres: the pool, for LISTEN clients. */
  pool: pg.Pool | null
  close(): Promise<void>
}

// Both drivers must agree: bigint columns come back as numbers (ids never pass 2^53), dates as ISO strings
// handled by the mappers, numeric as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))
const pgliteOptions = {
  parsers: {
    [pgliteTypes.INT8]: (value: string) => Number(value),
    [pgliteTypes.NUMERIC]: (value: string) => Number(value),
  },
  // Postgres arms a 10 s startup-progress timer; in PGlite that timer outlives close() and keeps
  // the Node process from exiting. An embedded database has no startup progress worth logging.
  startParams: [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0'],
}

export async function connectPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, kind: 'postgres', pool, close: () => db.destroy() }
}

/** Opens the embedded database in `dir` (created if new), refusing if another process holds it. */
export async function connectPGlite(dir: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  mkdirSync(path.dirname(dir), { recursive: true })
  const lock = acquireDirectoryLock(dir)
  try {
    const pglite = await PGlite.create(dir, { ...pgliteOptions, loadDataDir: options.loadDataDir })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
    return {
      db,
      kind: 'pglite',
      pool: null,
      close: async () => {
        await db.destroy()
        lock.release()
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}

/** In-memory PGlite, for tests that need no files. */
export async function connectMemoryPGlite(options: { loadDataDir?: Blob } = {}): Promise<{ handle: DatabaseHandle; pglite: PGlite }> {
  const pglite = await PGlite.create({ ...pgliteOptions, loadDataDir: options.loadDataDir })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return { handle: { db, kind: 'pglite', pool: null, close: () => db.destroy() }, pglite }
}
