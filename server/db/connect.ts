import { Kysely } from 'kysely'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGliteDialect } from './pglite-dialect.ts'
import { PreparingPostgresDialect } from './prepared-dialect.ts'
import { PGliteThread } from './pglite-thread.ts'
import { DatabaseUnavailableError } from './availability.ts'
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

/** A database handle plus how to reach the raw connection for LISTEN/NOTIFY and shutdown. */
export interface DatabaseHandle {
  db: Db
  kind: 'postgres' | 'pglite'
  /** Present on Postgres: the pool, for LISTEN clients. */
  pool: pg.Pool | null
  /** Present on the embedded database: its thread, for LISTEN. */
  pglite: Pick<PGliteThread, 'listen'> | null
  close(): Promise<void>
  /**
   * Present on the embedded database in a directory: ends its thread and opens the same files in a new one, the
   * directory's lock held throughout. The old handle is closed; a new thread's memory starts afresh.
   */
  reopen?(): Promise<DatabaseHandle>
}

// Both drivers must agree: bigint columns come back as numbers (ids never pass 2^53), dates as ISO strings
// handled by the mappers, numeric as numbers. PGlite's parsers are set the same way in pglite-worker.ts.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

/** A query waits this long for a connection before its request is answered "database unavailable". */
const CONNECT_TIMEOUT_MS = 5000

export async function connectPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // PostgreSQL ends connections under us (a restart, a failover, a managed database's idle timeout). Without a
  // listener the 'error' event would end the process; the pool has already dropped that client and opens a new
  // one for the next query, and a query the loss hit fails by itself (isDatabaseUnavailable: a 503).
  pool.on('error', () => {})
  // A checked-out client has no pool listener: one lost between two queries of a transaction would do the same.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({
    dialect: new PreparingPostgresDialect({
      connect: () => pool.connect().catch((error: unknown) => Promise.reject(new DatabaseUnavailableError(error))),
      end: () => pool.end(),
    }),
  })
  return { db, kind: 'postgres', pool, pglite: null, close: () => db.destroy() }
}

/**
 * Opens the embedded database in `dir` (created if new), refusing if another process holds it. PGlite runs in
 * its own thread (pglite-worker.ts) and is loaded only there: a server on PostgreSQL never loads it.
 */
export async function connectPGlite(dir: string): Promise<DatabaseHandle> {
  mkdirSync(path.dirname(dir), { recursive: true })
  return openLockedPGlite(dir, acquireDirectoryLock(dir))
}

/** The embedded database in `dir`, whose lock this process holds; the lock is released when it is closed or cannot open. */
async function openLockedPGlite(dir: string, lock: DirectoryLock): Promise<DatabaseHandle> {
  let pglite: PGliteThread
  try {
    pglite = await PGliteThread.start({ dataDir: dir })
  } catch (error) {
    lock.release()
    throw error
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return {
    db,
    kind: 'pglite',
    pool: null,
    pglite,
    close: async () => {
      await db.destroy()
      lock.release()
    },
    reopen: async () => {
      await db.destroy()
      return openLockedPGlite(dir, lock)
    },
  }
}

/** In-memory PGlite, for tests that need no files; `loadDataDir` is a gzipped dump to start from. */
export async function connectMemoryPGlite(options: { loadDataDir?: ArrayBuffer } = {}): Promise<{ handle: DatabaseHandle; pglite: PGliteThread }> {
  const pglite = await PGliteThread.start({ loadDataDir: options.loadDataDir })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return { handle: { db, kind: 'pglite', pool: null, pglite, close: () => db.destroy() }, pglite }
}
