import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import { PGliteThread } from '../../server/db/pglite-thread.ts'

/** What a stretch of work cost the database: statements sent, and commits (a transaction, or a statement alone). */
export interface DatabaseCost {
  statements: number
  commits: number
}

type Query = (this: object, ...args: unknown[]) => unknown

/**
 * Counts what both drivers send (the embedded database thread's query and pg's Client.query), telling a
 * statement inside a transaction from one that commits by itself. Each statement is charged to the work whose
 * async context sent it, so a timer's or another request's statements never land in the count. Test-only: it
 * patches the drivers' prototypes for the test process.
 */
export function countStatements() {
  const inTransaction = new WeakSet<object>()
  const charged = new AsyncLocalStorage<DatabaseCost>()
  const watched: { pattern: RegExp; sent: number }[] = []
  const count = (connection: object, text: unknown) => {
    for (const watch of watched) if (watch.pattern.test(String(text))) watch.sent += 1
    const cost = charged.getStore() ?? { statements: 0, commits: 0 }
    const statement = String(text).trim().toLowerCase()
    if (statement === 'begin') return inTransaction.add(connection)
    if (statement === 'commit' || statement === 'rollback') {
      inTransaction.delete(connection)
      if (statement === 'commit') cost.commits += 1
      return
    }
    cost.statements += 1
    if (!inTransaction.has(connection)) cost.commits += 1
  }
  const patch = (prototype: { query: Query }) => {
    const original = prototype.query
    prototype.query = function (this: object, ...args: unknown[]) {
      const text = typeof args[0] === 'object' && args[0] !== null ? (args[0] as { text?: string }).text : args[0]
      count(this, text)
      return original.apply(this, args)
    }
  }
  patch(PGliteThread.prototype as unknown as { query: Query })
  patch(pg.Client.prototype as unknown as { query: Query })
  return {
    /** The cost of `work`, run alone. */
    async of(work: () => Promise<unknown>): Promise<DatabaseCost> {
      const cost = { statements: 0, commits: 0 }
      await charged.run(cost, work)
      return { ...cost }
    },
    /** From now on, counts the statements whose text matches, whoever sends them: answers the count so far. */
    watch(pattern: RegExp): () => number {
      const watch = { pattern, sent: 0 }
      watched.push(watch)
      return () => watch.sent
    },
  }
}
