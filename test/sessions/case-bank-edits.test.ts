import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import t from 'tap'
import { buildApp } from '../../server/app.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind, withAdminClient } from '../helpers/db.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { bankEdits, CATALOG_READ } from './case-bank-edits.ts'
import { as, readyRoom } from './helpers.ts'

// What a session's commands read of the case bank comes from memory (issue 15, case-bank-cache.ts), yet every
// edit of the bank is seen by the very next command on the instance that made it, and by any instance as soon as
// the database's notice reaches it. Each edit is made while the instance checked holds the bank from before.

const counter = countStatements()
const catalogReads = counter.watch(CATALOG_READ)
const main = await testApp()
t.teardown(() => main.close())
const admin = await signedInUser(main, { role: 'ADMIN' })
// No case has its topic: its host's start reads the catalog, is refused, and changes nothing.
const probeRoom = await readyRoom(main, { selectedTopics: ['Probe, no cases'] }, { configure: false })

/** How often a command on `on` read the catalog: 0 when `on` answered from memory. */
async function probe(on: FastifyInstance): Promise<number> {
  const before = catalogReads()
  const answer = await as({ ...main, app: on }, probeRoom.doctor).post(`/sessions/${probeRoom.code}/start`)
  if (answer.status !== 409) throw new Error(`the probe was not refused: ${answer.status}`)
  return catalogReads() - before
}

async function poll(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** `on` holds the bank in memory. */
const holding = (on: FastifyInstance) => poll(async () => (await probe(on)) === 0, 'the bank held in memory')
/** `on` has forgotten the bank (it heard of a change) and read it again. */
const heard = (on: FastifyInstance) => poll(async () => (await probe(on)) > 0, 'the bank read again')
const edits = bankEdits(main, admin, heard)

/** Turns the bank's triggers (migrations/0011) off or on: nothing announces a change while they are off. */
async function announcing(on: boolean) {
  for (const table of ['cases', 'categories', 'case_recall_dates']) {
    await sql`alter table ${sql.table(table)} ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.id(`${table}_announce_change`)}`.execute(main.database.db)
  }
}

t.test(`an admin's edit is seen by the very next command on the same instance, announced or not (${databaseKind()})`, async (t) => {
  // The instance forgets the bank when its own write commits, before the notice could arrive.
  await announcing(false)
  t.teardown(() => announcing(true))
  for (const edit of edits) {
    await t.test(edit.name, async (t) => {
      const { byAdmin, seen } = await edit.prepare(main.app)
      await holding(main.app)
      await byAdmin()
      await seen(t)
    })
  }
})

t.test('a change by plain SQL is seen once its notice arrives (the triggers)', async (t) => {
  for (const edit of edits) {
    await t.test(edit.name, async (t) => {
      const { bySql, seen } = await edit.prepare(main.app)
      await holding(main.app)
      await bySql()
      await heard(main.app)
      await seen(t)
    })
  }
  await holding(main.app)
  await sql`truncate case_recall_dates`.execute(main.database.db)
  await heard(main.app)
  t.pass('a truncation is announced too')
})

t.test('another instance sees an admin edit once its notice arrives', async (t) => {
  const other = await buildApp({ config: main.config, database: main.database, logger: false })
  t.teardown(() => other.close())
  await other.ready()
  for (const edit of edits) {
    await t.test(edit.name, async (t) => {
      const { byAdmin, seen } = await edit.prepare(other)
      await holding(other)
      await byAdmin()
      await heard(other)
      await seen(t)
    })
  }
})

t.test('changes made while the LISTEN connection is down are seen', { skip: databaseKind() !== 'postgres' && 'PostgreSQL only: the embedded database has no connection to lose' }, async (t) => {
  const [unheard, heardLater] = edits
  const whileDown = await unheard.prepare(main.app)
  await holding(main.app)
  const application = `plab-listen-${process.pid}`
  await withAdminClient(process.env.DATABASE_URL!, (client) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [application]))
  await whileDown.bySql()
  await heard(main.app)
  await whileDown.seen(t)
  await holding(main.app)
  t.pass('the bank is served from memory again once listening')
  const afterwards = await heardLater.prepare(main.app)
  await holding(main.app)
  await afterwards.bySql()
  await heard(main.app)
  await afterwards.seen(t)
})
