import { sql, type Kysely } from 'kysely'
import t from 'tap'
import type { Database } from '../../server/db/schema.ts'
import { MAX_NAMED_STATEMENTS } from '../../server/db/prepared-dialect.ts'
import { appendEvents } from '../../server/sessions/store/event-store.ts'
import { freshDatabase } from '../helpers/db.ts'

// Kysely's statements on PostgreSQL run as named prepared statements, so a backend plans each shape once (issue
// 15). Each test pins one connection (db.connection()) to read what that backend has prepared.

if (!process.env.DATABASE_URL) {
  t.pass('prepared statements are a PostgreSQL matter: run with DATABASE_URL')
} else {
  const handle = await freshDatabase()
  t.teardown(() => handle.close())
  const onOneConnection = <T>(work: (db: Kysely<Database>) => Promise<T>) => handle.db.connection().execute(work)
  const prepared = async (db: Kysely<Database>, like: string) =>
    (
      await sql<{ name: string; generic_plans: number; custom_plans: number }>`
        select name, generic_plans, custom_plans from pg_prepared_statements where statement like ${like}`.execute(db)
    ).rows

  t.test('a session command is prepared once, then runs on a generic plan: no planning', async (t) => {
    await onOneConnection(async (db) => {
      for (let version = 0; version < 8; version += 1) {
        const commandId = `command-${version}`
        await appendEvents(db, { sessionId: 1, expectedVersion: version, events: [{ type: 'A', payload: { version } }], actorUserId: null, commandId })
      }
      const [append, ...others] = await prepared(db, 'with appended as (insert into "session_events"%')
      t.same(others, [], 'one statement for the eight executions of one shape')
      t.match(append.name, /^k_[0-9a-f]{24}$/)
      t.equal(append.custom_plans + append.generic_plans, 8)
      t.ok(append.generic_plans > 0, 'PostgreSQL stopped planning it')
    })
  })

  t.test('what is not prepared: statements without parameters, statements inside a transaction', async (t) => {
    await onOneConnection(async (db) => {
      await sql`select 'no parameters' as probe`.execute(db)
      await db.transaction().execute(async (trx) => {
        await sql`select ${'in a transaction'} as probe`.execute(trx)
        t.same(await prepared(trx, '%as probe%'), [])
      })
    })
  })

  t.test('a table changed under a prepared select * (another instance migrating) is read again, unnamed', async (t) => {
    await onOneConnection(async (db) => {
      await sql`create table probe_rows (id int primary key)`.execute(db)
      await sql`insert into probe_rows values (1)`.execute(db)
      const read = () => sql<Record<string, number>>`select * from probe_rows where id = ${1}`.execute(db)
      t.same((await read()).rows, [{ id: 1 }])
      t.equal((await prepared(db, 'select * from probe_rows%')).length, 1)
      await sql`alter table probe_rows add column extra int not null default 7`.execute(db)
      t.same((await read()).rows, [{ id: 1, extra: 7 }])
      t.same((await read()).rows, [{ id: 1, extra: 7 }], 'and again, without the stale name')
    })
  })

  t.test("a failed query's error names the code that ran it, through its awaits", async (t) => {
    async function readMissingTable(db: Kysely<Database>) {
      return await sql`select * from no_such_table`.execute(db)
    }
    const error = await onOneConnection((db) => readMissingTable(db)).catch((caught: Error) => caught)
    t.match(error, { code: '42P01' }, 'the database refused it')
    t.match((error as Error).stack, /relation "no_such_table" does not exist/)
    t.match((error as Error).stack, /at async readMissingTable/, 'the caller is in the stack')
  })

  t.test(`a backend holds at most ${MAX_NAMED_STATEMENTS} names; further texts run unnamed`, async (t) => {
    await onOneConnection(async (db) => {
      const shapes = Array.from({ length: MAX_NAMED_STATEMENTS + 1 }, (_, shape) => shape)
      const answers: number[] = []
      for (const shape of shapes) {
        const { rows } = await sql<{ shape: number }>`select ${shape}::int as shape, ${sql.lit(shape)} as distinct_text`.execute(db)
        answers.push(rows[0].shape)
      }
      t.same(answers, shapes)
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`.execute(db)
      t.equal(rows[0].count, MAX_NAMED_STATEMENTS)
    })
  })
}
