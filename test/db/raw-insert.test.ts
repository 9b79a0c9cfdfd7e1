import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'
import t from 'tap'
import { fromInserted, insertRows } from '../../server/db/raw-insert.ts'
import type { Database } from '../../server/db/schema.ts'

// The raw inserts of a command's statement (raw-insert.ts) say what Kysely's insert builder said.

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

t.test('one parameter per value; SQL values as SQL; undefined takes the default, as the builder left it out', async (t) => {
  const at = new Date(0)
  const rows = [
    { session_id: 7, version: 1, type: 'A', payload: '{}', actor_user_id: null, command_id: undefined, recorded_at: at },
    { session_id: 7, version: 2, type: 'B', payload: '{}', actor_user_id: 3, command_id: 'c', recorded_at: sql<Date>`now()` },
  ]
  const { sql: text, parameters } = insertRows('session_events', rows).compile(db)
  t.equal(
    text,
    'insert into "session_events" ("session_id", "version", "type", "payload", "actor_user_id", "command_id", "recorded_at") values ' +
      '($1, $2, $3, $4, $5, default, $6), ($7, $8, $9, $10, $11, $12, now())',
  )
  t.same(parameters, [7, 1, 'A', '{}', null, at, 7, 2, 'B', '{}', 3, 'c'])
})

t.test('an upsert takes the inserted values, with no parameter of its own', async (t) => {
  t.equal(fromInserted(['name', 'role']).compile(db).sql, '"name" = excluded."name", "role" = excluded."role"')
})
