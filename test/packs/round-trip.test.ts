import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { call } from '../helpers/app.ts'
import { bankState, exportBank, IMAGE, importPack, seedSmallBank, twoBanks } from './helpers.ts'

/** Issue 35's "done when": a bank exported and imported into an empty database is the same bank; twice changes nothing. */

const { source, target, admin, targetAdmin } = await twoBanks(t)
const seeded = await seedSmallBank(source, admin)
const imageName = path.basename(seeded.imageUrl)
// The case with the image edited once: the source holds its versions 1 and 2, and a pack carries the current one.
const sourceCases = (await call(source.app, { method: 'GET', url: '/api/cases', headers: admin.auth })).json
const edit = { ...sourceCases.find((view: { id: number }) => view.id === seeded.ids[1]), description: 'Written before stations, since revised' }
if ((await call(source.app, { method: 'PUT', url: `/api/cases/${seeded.ids[1]}`, headers: admin.auth, body: edit })).json.version !== 2) throw new Error('the edit was not saved')

const exported = await exportBank(source, admin)
const pack = exported.json

t.test('the export is one versioned document, downloaded as a dated file, with the case keys and the uploaded image', async (t) => {
  t.equal(exported.status, 200)
  t.match(exported.headers['content-disposition'], /^attachment; filename="plab2-case-pack-\d{4}-\d{2}-\d{2}\.json"$/)
  t.same([pack.format, pack.formatVersion], ['plab2-case-pack', 1])
  t.ok(!Number.isNaN(Date.parse(pack.exportedAt)))
  const keys = await source.database.db.selectFrom('cases').select('case_key').orderBy('id').execute()
  t.same(pack.cases.map((entry: { key: string }) => entry.key), keys.map((row) => row.case_key), 'every case, by its stable key')
  const [station, older, external] = pack.cases
  t.same([station.category, external.category], [{ name: 'Cardiology', description: null }, { name: 'Psychiatry', description: null }])
  t.equal(station.case.station.stationType, 'HISTORY')
  t.notOk('id' in station.case || 'category' in station.case || 'version' in station.case, 'nothing that names the case on this server')
  t.same(older.images, [{ name: imageName, mediaType: 'image/png', base64: IMAGE.toString('base64') }], 'the uploaded image inside its case')
  t.equal(older.case.visualData.content, seeded.imageUrl)
  t.same([external.images, external.case.imageUrl], [[], 'https://example.org/mood-chart.png'], 'a web address stays a web address')
  const only = (await exportBank(source, admin, `?ids=${seeded.ids[2]}`)).json
  t.same(only.cases.map((entry: { key: string }) => entry.key), [external.key], 'or only the cases asked for')
  t.equal((await exportBank(source, admin, '?ids=999999')).status, 404)
})

t.test('imported into an empty database, the pack gives the same bank: keys, content, each at version 1, images byte for byte', async (t) => {
  const answer = await importPack(target, targetAdmin, pack)
  t.equal(answer.status, 200)
  const keys = pack.cases.map((entry: { key: string }) => entry.key)
  t.same(answer.json, { created: keys, updated: [], unchanged: [] })

  const again = (await exportBank(target, targetAdmin)).json
  t.same(again.cases, pack.cases, 'exporting it again gives back the very same cases, keys, categories and images')
  const state = await bankState(target.database.db)
  t.same(state.cases.map((row) => [row.key, row.version]), keys.map((key: string) => [key, 1]), 'each case at version 1')
  t.equal(state.versions, 3)
  const versions = await target.database.db.selectFrom('case_versions').innerJoin('cases', 'cases.id', 'case_versions.case_id').select(['cases.case_key', 'case_versions.content']).execute()
  const listed = (await call(target.app, { method: 'GET', url: '/api/cases', headers: targetAdmin.auth })).json
  for (const version of versions) {
    const { id: _id, version: _version, contributed: _contributed, contributorName: _name, ...current } = listed.find((view: { title: string }) => view.title === version.content.title)
    t.same(version.content, current, `version 1 of ${version.case_key} holds its current content`)
  }
  const sourceVersions = await source.database.db.selectFrom('case_versions').select(['version', 'content']).where('case_id', '=', seeded.ids[1]).orderBy('version').execute()
  const withoutCategory = ({ category: _category, ...content }: Record<string, unknown>) => content
  const imported = versions.find((version) => version.case_key === pack.cases[1].key)!.content
  t.same(withoutCategory(imported), withoutCategory(sourceVersions[1].content), "the edited case's current version (2 in the source) is its version 1 here")
  t.not(imported.description, sourceVersions[0].content.description, 'not the version before it')
  const stored = readdirSync(path.join(target.config.dataDir, 'uploads', 'images'))
  t.same(stored, [imageName], 'the image kept its name, one file')
  const served = await target.app.inject({ method: 'GET', url: `/api/uploads/images/${imageName}` })
  t.same(served.rawPayload, IMAGE, 'and its bytes')
})

t.test('importing the same pack again changes nothing: no new version, every case unchanged', async (t) => {
  const before = await bankState(target.database.db)
  const answer = await importPack(target, targetAdmin, pack)
  t.same(answer.json, { created: [], updated: [], unchanged: pack.cases.map((entry: { key: string }) => entry.key) })
  t.same(await bankState(target.database.db), before)
  t.same(readdirSync(path.join(target.config.dataDir, 'uploads', 'images')).length, 1, 'still one image file')
})

t.test('a pack imported back into the bank it came from changes nothing there either', async (t) => {
  const before = await bankState(source.database.db)
  const answer = await importPack(source, admin, pack)
  t.same([answer.json.created, answer.json.updated, answer.json.unchanged.length], [[], [], 3])
  t.same(await bankState(source.database.db), before)
})

t.test('a case changed in the pack becomes that case\'s version 2; the others stay as they are', async (t) => {
  const changed = structuredClone(pack)
  changed.cases[1].case.title = 'Palpitations, revised'
  const before = await bankState(target.database.db)
  const answer = await importPack(target, targetAdmin, changed)
  t.same(answer.json, { created: [], updated: [pack.cases[1].key], unchanged: [pack.cases[0].key, pack.cases[2].key] })
  const after = await bankState(target.database.db)
  t.same(after.cases.map((row) => row.version), [1, 2, 1])
  t.equal(after.versions, before.versions + 1)
  const latest = (await exportBank(target, targetAdmin)).json
  t.equal(latest.cases[1].case.title, 'Palpitations, revised')
  t.same(latest.cases[1].images, pack.cases[1].images, 'its image kept')
})

t.test('a hand-written pack: a new category with its description, items without ids, an image under a name of its own', async (t) => {
  const handWritten = {
    format: 'plab2-case-pack',
    formatVersion: 1,
    exportedAt: '2025-01-31T09:00:00.000Z',
    cases: [
      {
        key: 'academy:renal-01',
        category: { name: 'Renal', description: 'Kidneys and urology' },
        case: {
          title: 'Raised creatinine',
          doctorSections: [{ title: 'Task', content: 'Explain the result' }],
          feedbackCriteria: [{ name: 'Explains clearly', domain: 'INTERPERSONAL' }],
          visualData: { type: 'image', content: '/uploads/images/u-and-e.png' },
        },
        images: [{ name: 'u-and-e.png', mediaType: 'image/png', base64: IMAGE.toString('base64') }],
      },
    ],
  }
  const first = await importPack(target, targetAdmin, handWritten)
  t.same(first.json, { created: ['academy:renal-01'], updated: [], unchanged: [] })
  const category = await target.database.db.selectFrom('categories').selectAll().where('name', '=', 'Renal').executeTakeFirstOrThrow()
  t.equal(category.description, 'Kidneys and urology')
  const entry = (await exportBank(target, targetAdmin)).json.cases.find((item: { key: string }) => item.key === 'academy:renal-01')
  const storedAs = path.basename(entry.case.visualData.content)
  t.match(storedAs, /^[0-9a-f]{32}\.png$/, 'stored under a name made from its bytes')
  t.equal(entry.case.imageUrl, entry.case.visualData.content)
  t.same(readFileSync(path.join(target.config.dataDir, 'uploads', 'images', storedAs)), IMAGE)
  t.match(entry.case.doctorSections, [{ id: 'section-imported-1', title: 'Task', order: 0 }], 'a missing id is made the same way every time')

  const before = await bankState(target.database.db)
  const files = readdirSync(path.join(target.config.dataDir, 'uploads', 'images')).sort()
  const second = await importPack(target, targetAdmin, handWritten)
  t.same(second.json, { created: [], updated: [], unchanged: ['academy:renal-01'] }, 'so importing it again changes nothing')
  t.same(await bankState(target.database.db), before)
  t.same(readdirSync(path.join(target.config.dataDir, 'uploads', 'images')).sort(), files, 'and writes no second copy of its image')
})
