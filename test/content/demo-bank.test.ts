import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { sql } from 'kysely'
import { listCases } from '../../server/content/cases-repo.ts'
import { listCategories } from '../../server/content/categories-repo.ts'
import { MEDICAL_TOPICS } from '../../schemas/content.ts'
import { seedDemoBank } from '../../server/content/demo-bank.ts'
import { freshDatabase } from '../helpers/db.ts'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'demo-bank')
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'plab-demo-bank-'))

const database = await freshDatabase()
t.teardown(() => database.close())
const { db } = database
const dataDir = tempDir()
const imageDir = path.join(dataDir, 'uploads', 'images')

t.test('an empty database gets every topic and every demo case, normalised like an editor save', async (t) => {
  // An admin already made one topic, in other letters: it is reused, not duplicated.
  await db.insertInto('categories').values({ name: 'CARDIOLOGY', description: null }).execute()
  const counts = await seedDemoBank(db, { dataDir, dir: FIXTURES })
  t.same(counts, { categoriesCreated: 11, casesCreated: 3, casesAlreadyPresent: 0, casesUpgraded: 0 })

  const categories = (await listCategories(db)).map((c) => c.name.toLowerCase()).sort()
  t.same(categories, MEDICAL_TOPICS.map((name) => name.toLowerCase()).sort(), 'the 12 topics, once each, even without a file')

  const cases = await listCases(db)
  const palpitations = cases.find((c) => c.title === 'Fixture: palpitations in a runner')!
  t.equal(palpitations.category.name, 'CARDIOLOGY')
  t.equal(palpitations.station?.stationType, 'HISTORY', 'stored in the exam\'s shape')
  // The spec's fields are written from the station (schemas/station/spec-fields.ts).
  t.equal(palpitations.doctorNotes, 'Setting: General practice. You are the FY2 doctor.')
  t.same(palpitations.doctorSections.map((s) => [s.id, s.title, s.order]), [['station-doctor-task', 'Task', 0], ['station-doctor-not-needed', 'You do not need to', 1]])
  t.same(palpitations.patientSections.map((s) => [s.title, s.content]), [['Say when the topic comes up', '- Fluttering for two weeks.'], ['Say only if asked directly', '- Nearly fainted once on a run.']])
  t.same(
    palpitations.feedbackCriteria.map((c) => [c.id, c.name, c.domain, c.order, c.hasSubCriteria, c.subCriteria]),
    [
      ['palpitations-history', 'Asks about onset and red flags', 'DATA_GATHERING', 0, false, []],
      ['palpitations-plan', 'Explains the plan', 'CLINICAL_MANAGEMENT', 1, false, []],
      ['palpitations-rapport', 'Builds rapport', 'INTERPERSONAL', 2, false, []],
    ],
  )
  t.same([palpitations.isRecallCase, palpitations.recallDates], [true, ['2025-01-08', '2025-03-12']])
  t.same([palpitations.visualData, palpitations.imageUrl], [{ type: 'text', content: 'ECG: sinus rhythm, rate 64.' }, null])

  const swelling = cases.find((c) => c.title === 'Fixture: leg swelling')!
  t.same([swelling.isRecallCase, swelling.recallDates, swelling.visualData], [false, [], null])
  t.equal(swelling.telephoneConsultation, true, 'a telephone station is run as one')

  const rash = cases.find((c) => c.title === 'Fixture: itchy rash with a picture')!
  t.equal(rash.category.name, 'Dermatology', 'the file\'s "dermatology" is the Dermatology topic')
  t.match(rash.imageUrl, /^\/uploads\/images\/[0-9a-f]{32}\.png$/)
  t.same(rash.visualData, { type: 'image', content: rash.imageUrl })
  const stored = path.join(imageDir, path.basename(rash.imageUrl!))
  t.same(readFileSync(stored), readFileSync(path.join(FIXTURES, 'demo', 'rash.png')), 'the shipped image is in the image folder')
})

t.test('a second seed inserts nothing and writes no file', async (t) => {
  const filesBefore = readdirSync(imageDir)
  const casesBefore = await listCases(db)
  t.same(await seedDemoBank(db, { dataDir, dir: FIXTURES }), { categoriesCreated: 0, casesCreated: 0, casesAlreadyPresent: 3, casesUpgraded: 0 })
  t.same(await listCases(db), casesBefore)
  t.same(readdirSync(imageDir), filesBefore)
})

t.test('demo cases stored in the older shape are rewritten in the exam\'s shape, unless an admin edited them or a session plays them', async (t) => {
  const olderShape = { station: null, doctor_notes: 'Older text', feedback_criteria: JSON.stringify([{ id: 'criterion-1', name: 'Old', domain: null, order: 0, hasSubCriteria: false, subCriteria: [] }]) }
  const ids = async (title: string) => (await db.selectFrom('cases').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id
  const untouched = await ids('Fixture: palpitations in a runner')
  const edited = await ids('Fixture: leg swelling')
  const played = await ids('Fixture: itchy rash with a picture')
  await db.updateTable('cases').set({ ...olderShape, updated_at: sql`created_at` }).where('id', 'in', [untouched, played]).execute()
  await db.updateTable('cases').set({ ...olderShape, updated_at: sql`created_at + interval '1 day'` }).where('id', '=', edited).execute()
  const host = await db.insertInto('users').values({ name: 'Host', email: 'host-upgrade@example.com', password_hash: null, role: 'USER', provider: 'LOCAL' }).returning('id').executeTakeFirstOrThrow()
  await db
    .insertInto('sessions')
    .values({ code: 'UPGR-ADE1', title: 'Playing', host_user_id: host.id, status: 'IN_PROGRESS', phase: 'READING', current_round: 1, case_id: played, session_type: 'TOPIC', selected_topics: '[]', config: '{}', version: 1, created_at: new Date() } as never)
    .execute()

  const counts = await seedDemoBank(db, { dataDir, dir: FIXTURES })
  t.equal(counts.casesUpgraded, 1)
  const after = new Map((await listCases(db)).map((c) => [c.id, c]))
  t.equal(after.get(untouched)!.station?.stationType, 'HISTORY', 'the untouched case is a station now')
  t.equal(after.get(untouched)!.feedbackCriteria[0].id, 'palpitations-history')
  t.same([after.get(edited)!.station, after.get(edited)!.doctorNotes], [null, 'Older text'], 'the admin\'s edit is kept')
  t.same([after.get(played)!.station, after.get(played)!.doctorNotes], [null, 'Older text'], 'the running session keeps the case it plays')
  t.equal((await seedDemoBank(db, { dataDir, dir: FIXTURES })).casesUpgraded, 0, 'a second run changes nothing')
  await db.deleteFrom('sessions').where('code', '=', 'UPGR-ADE1').execute()
})

t.test('the image folder is refilled even when the cases already exist (a new DATA_DIR on the same database)', async (t) => {
  const fresh = tempDir()
  await seedDemoBank(db, { dataDir: fresh, dir: FIXTURES })
  t.equal(readdirSync(path.join(fresh, 'uploads', 'images')).length, 1)
})

/** A copy of the fixtures with one file changed, to prove each kind of mistake is caught. */
function brokenBank(change: (cardiology: any) => unknown, extraFiles: Record<string, string> = {}): string {
  const dir = tempDir()
  cpSync(FIXTURES, dir, { recursive: true })
  const file = path.join(dir, 'cardiology.json')
  const bank = JSON.parse(readFileSync(file, 'utf8'))
  writeFileSync(file, JSON.stringify(change(bank) ?? bank))
  for (const [name, content] of Object.entries(extraFiles)) writeFileSync(path.join(dir, name), content)
  return dir
}

t.test('a bad file fails loudly, naming the file, the case and the field, and writes nothing', async (t) => {
  const empty = await freshDatabase()
  t.teardown(() => empty.close())
  const emptyData = tempDir()
  const mistakes: Array<[string, string, RegExp]> = [
    ['a missing station', brokenBank((b) => void delete b.cases[1].station), /cardiology\.json, case 2 "Fixture: leg swelling": station: /],
    ['an old-shape key', brokenBank((b) => void (b.cases[0].patientNotes = 'x')), /cardiology\.json, case 1 "Fixture: palpitations in a runner": patientNotes: /],
    ['a typo in a key', brokenBank((b) => void (b.cases[0].recalDates = [])), /cardiology\.json, case 1 "Fixture: palpitations in a runner": recalDates: /],
    ['an impossible date', brokenBank((b) => void (b.cases[0].recallDates = ['2025-02-30'])), /case 1 .*: recallDates\.0: Recall dates must be real calendar dates/],
    ['a checklist item without text', brokenBank((b) => void (b.cases[0].station.checklist[0].item = ' ')), /case 1 .*: station\.checklist\.0\.item: A checklist item is required/],
    ['an unknown domain', brokenBank((b) => void (b.cases[0].station.checklist[1].domain = 'MANAGEMENT')), /case 1 .*: station\.checklist\.1\.domain: A checklist item's domain must be one of DATA_GATHERING, CLINICAL_MANAGEMENT, INTERPERSONAL/],
    ['a domain left without items', brokenBank((b) => void b.cases[0].station.checklist.pop()), /case 1 .*: station\.checklist: The checklist needs at least one item in each of the three domains/],
    ['a fact id used twice', brokenBank((b) => void (b.cases[0].station.patient.facts[1].id = 'fluttering')), /case 1 .*: station\.patient\.facts: Fact ids must be unique/],
    ['an unknown reveal', brokenBank((b) => void (b.cases[0].station.patient.facts[0].reveal = 'SOMETIMES')), /case 1 .*: station\.patient\.facts\.0\.reveal: A fact is VOLUNTEER or IF_ASKED/],
    ['a missing image', brokenBank((b) => void (b.cases[0].visualData = { type: 'image', content: 'demo/nope.png' })), /case 1 .*: visualData\.content: demo\/nope\.png does not exist/],
    ['an image path outside the bank', brokenBank((b) => void (b.cases[0].visualData = { type: 'image', content: '../../secret.png' })), /case 1 .*: visualData\.content: must be demo\/<file>/],
    ['no category', brokenBank((b) => void delete b.category), /cardiology\.json: category: /],
    ['a title used twice', brokenBank((b) => void (b.cases[1].title = 'Fixture: itchy rash with a picture')), /the title "Fixture: itchy rash with a picture" is also used in/],
    ['not JSON', brokenBank(() => undefined, { 'zz-broken.json': '{ "category": ' }), /zz-broken\.json: not valid JSON/],
  ]
  for (const [label, dir, message] of mistakes) {
    await t.rejects(seedDemoBank(empty.db, { dataDir: emptyData, dir }), { name: 'DemoBankError', message }, label)
  }
  const fakeImage = brokenBank((b) => void (b.cases[0].visualData = { type: 'image', content: 'demo/fake.png' }), {})
  writeFileSync(path.join(fakeImage, 'demo', 'fake.png'), 'not an image')
  await t.rejects(seedDemoBank(empty.db, { dataDir: emptyData, dir: fakeImage }), { message: /demo\/fake\.png: not a JPEG, PNG, GIF or WebP image/ })

  t.same(await listCategories(empty.db), [], 'no category written')
  t.same(await listCases(empty.db), [], 'no case written')
  t.notOk(existsSync(path.join(emptyData, 'uploads')), 'no image written')
})

t.test('start-up seeding leaves a bank that has cases alone, so an admin\'s deletion sticks; npm run seed adds it back', async (t) => {
  const { seedDemo } = await import('../../server/demo-seed.ts')
  const own = await freshDatabase()
  t.teardown(() => own.close())
  const log = { info: () => {} }
  const ownData = tempDir()
  await seedDemo(own.db, log, { dataDir: ownData, bank: 'if-empty' })
  const seeded = await listCases(own.db)
  t.ok(seeded.length >= 24, 'the real demo bank is loaded into an empty bank')
  await own.db.deleteFrom('cases').where('id', '=', seeded[0].id).execute()

  await seedDemo(own.db, log, { dataDir: ownData, bank: 'if-empty' })
  t.equal((await listCases(own.db)).length, seeded.length - 1, 'a restart does not restore the deleted demo case')
  await seedDemo(own.db, log, { dataDir: ownData, bank: 'add-missing' })
  t.equal((await listCases(own.db)).length, seeded.length, 'npm run seed adds it back')
})
