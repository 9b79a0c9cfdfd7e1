import { Migrator } from 'kysely'
import t from 'tap'
import { migrateToLatest, migrationProvider } from '../../server/db/migrate.ts'
import { listCases } from '../../server/content/cases-repo.ts'
import { unmigratedDatabase } from '../helpers/db.ts'

/**
 * Migration 0013 on a bank that already holds cases: the shipped demo telephone consultations become telephone
 * cases (as a fresh seed makes them), every other case stays an ordinary one.
 */

const database = await unmigratedDatabase()
t.teardown(() => database.close())
const db = database.db as any
const migrator = new Migrator({ db, provider: migrationProvider })

t.test('the demo telephone consultations are marked, nothing else', async (t) => {
  t.error((await migrator.migrateTo('0012_refused_appends')).error)
  const [category] = await db.insertInto('categories').values({ name: 'Pediatrics' }).returning('id').execute()
  const titles = ['Telephone call about a feverish toddler', 'Chest pain', 'Telephone call about a feverish toddler (my copy)']
  await db.insertInto('cases').values(titles.map((title) => ({ title, category_id: category.id }))).execute()

  await migrateToLatest(database.db)
  const cases = await listCases(database.db)
  t.same(
    cases.map((c) => [c.title, c.telephoneConsultation]),
    titles.map((title, index) => [title, index === 0]),
  )
})
