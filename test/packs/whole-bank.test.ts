import t from 'tap'
import { seedDemoBank } from '../../server/content/demo-bank.ts'
import { bankState, exportBank, importPack, twoBanks } from './helpers.ts'

/** The shipped bank (100 and more cases) round trip: what `make run` serves can be taken to another server whole. */

const { source, target, admin, targetAdmin } = await twoBanks(t)
await seedDemoBank(source.database.db, { dataDir: source.config.dataDir })

t.test('the whole demo bank exported and imported into an empty database is the same bank, and a second import changes nothing', async (t) => {
  const pack = (await exportBank(source, admin)).json
  t.ok(pack.cases.length >= 100, `${pack.cases.length} cases`)
  const first = await importPack(target, targetAdmin, pack)
  t.equal(first.status, 200)
  t.same([first.json.created.length, first.json.updated, first.json.unchanged], [pack.cases.length, [], []])
  t.same((await exportBank(target, targetAdmin)).json.cases, pack.cases, 'the same cases, keys, categories and content')

  const before = await bankState(target.database.db)
  t.equal(before.versions, pack.cases.length, 'one version each')
  const second = await importPack(target, targetAdmin, pack)
  t.same([second.json.created, second.json.updated, second.json.unchanged.length], [[], [], pack.cases.length])
  t.same(await bankState(target.database.db), before)
})
