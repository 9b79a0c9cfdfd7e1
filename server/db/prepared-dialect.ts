import { createHash } from 'node:crypto'
import {
  PostgresDialect,
  PostgresDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type PostgresPool,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import type pg from 'pg'

/** The pool as Kysely reaches it (connect.ts wraps pg's pool to tell a refused connection apart). */
export interface PreparingPool {
  connect(): Promise<pg.PoolClient>
  end(): Promise<void>
}

/**
 * Texts named per connection, at most. The app's statements come in a few dozen shapes (at most 32 on one
 * connection across the session, board and account tests); a text with a varying list (`in ($1, $2, …)`, a
 * batch of rows) makes more. A named statement holds ~50 KB of the backend's memory (a session command's CTE
 * ~140 KB), so this caps it near 3-5 MB per connection. Past the bound a new text runs unnamed as before: no
 * eviction, since pg has no API to forget a name it has parsed.
 */
export const MAX_NAMED_STATEMENTS = 64

/** The name a text is prepared under: the same on every connection, so pg_prepared_statements reads across them. */
export const statementName = (text: string) => `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`

/**
 * PostgresDialect whose queries run as named prepared statements, so each backend plans a statement once
 * instead of at every execution (a session command's single CTE statement spent as long planning as running).
 * Only Kysely's own connections do this: pool clients, the LISTEN connection and other raw pool users are left
 * untouched. Named: statements with parameters (never BEGIN, SET, DDL or multi-statement text, which have none)
 * outside a transaction (so migrations, which run in one, prepare nothing).
 */
export class PreparingPostgresDialect extends PostgresDialect {
  readonly #pool: PreparingPool
  constructor(pool: PreparingPool) {
    super({ pool: pool as unknown as PostgresPool })
    this.#pool = pool
  }
  override createDriver() {
    return new PreparingDriver(this.#pool)
  }
}

class PreparingDriver extends PostgresDriver {
  readonly #pool: PreparingPool
  // One per pool client, like Kysely's own: the names a backend has prepared live as long as its client.
  readonly #connections = new WeakMap<pg.PoolClient, PreparingConnection>()
  constructor(pool: PreparingPool) {
    super({ pool: pool as unknown as PostgresPool })
    this.#pool = pool
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect()
    let connection = this.#connections.get(client)
    if (!connection) this.#connections.set(client, (connection = new PreparingConnection(client)))
    return connection
  }
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await super.beginTransaction(connection, settings)
    ;(connection as PreparingConnection).inTransaction = true
  }
  override async commitTransaction(connection: DatabaseConnection) {
    try {
      await super.commitTransaction(connection)
    } finally {
      ;(connection as PreparingConnection).inTransaction = false // a failed COMMIT ends the transaction too
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await super.rollbackTransaction(connection)
    } finally {
      ;(connection as PreparingConnection).inTransaction = false
    }
  }
  override async releaseConnection(connection: DatabaseConnection) {
    ;(connection as PreparingConnection).client.release()
  }
}

const COUNTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class PreparingConnection implements DatabaseConnection {
  inTransaction = false
  /** Text to its name; null once the text must run unnamed on this backend (its plan changed shape). */
  readonly #names = new Map<string, string | null>()
  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiled.sql
    const values = [...compiled.parameters]
    const name = this.#nameOf(text, values.length)
    // A failed query's error needs no Error made here to carry its caller's stack (0.02 ms for every query): pg
    // gives it the stack of the async functions awaiting it.
    let result: pg.QueryResult
    try {
      result = await this.client.query(name ? { name, text, values } : { text, values })
    } catch (error) {
      if (!(name && isStalePlan(error))) throw error
      // Another instance's migration changed a table under a `select *` this backend prepared. The error comes
      // before anything ran, and a named statement is never inside a transaction: run it again, unnamed.
      this.#names.set(text, null)
      result = await this.client.query({ text, values })
    }
    return { rows: (result.rows ?? []) as R[], numAffectedRows: COUNTS_ROWS.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined }
  }

  #nameOf(text: string, parameters: number): string | undefined {
    if (parameters === 0 || this.inTransaction) return undefined
    const known = this.#names.get(text)
    if (known !== undefined) return known ?? undefined
    if (this.#names.size >= MAX_NAMED_STATEMENTS) return undefined
    const name = statementName(text)
    this.#names.set(text, name)
    return name
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not configured')
  }
}

/** PostgreSQL refuses to run a prepared statement whose result columns changed since it was prepared. */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(error.message)
}
