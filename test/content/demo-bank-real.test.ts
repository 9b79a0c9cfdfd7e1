import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { listCases, listRecallDates } from '../../server/content/cases-repo.ts'
import { MEDICAL_TOPICS } from '../../schemas/content.ts'
import { DOMAINS } from '../../schemas/marking.ts'
import { STATION_TYPES } from '../../schemas/station/station.ts'
import { DEMO_BANK_DIR, seedDemoBank } from '../../server/content/demo-bank.ts'
import { readDemoBank } from '../../server/content/demo-bank-files.ts'
import { freshDatabase } from '../helpers/db.ts'

/** The shipped demo case bank (server/content/demo-bank): valid, complete enough to practise every topic. */

const database = await freshDatabase()
t.teardown(() => database.close())
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-real-bank-'))

t.test('every file is valid', async (t) => {
  const cases = await readDemoBank(DEMO_BANK_DIR)
  // Issue 35: enough for two months of daily practice, all written here.
  t.ok(cases.length >= 100, `${cases.length} cases`)
})

t.test('it loads into an empty database and covers every topic', async (t) => {
  const counts = await seedDemoBank(database.db, { dataDir })
  t.equal(counts.casesAlreadyPresent, 0)
  const cases = await listCases(database.db)
  t.equal(cases.length, counts.casesCreated)

  const perTopic = new Map<string, number>(MEDICAL_TOPICS.map((topic) => [topic, 0]))
  for (const c of cases) perTopic.set(c.category.name, (perTopic.get(c.category.name) ?? 0) + 1)
  t.same([...perTopic.keys()].sort(), [...MEDICAL_TOPICS].sort(), 'no category outside the 12 topics (a misspelt name would add one)')
  for (const [topic, count] of perTopic) t.ok(count >= 8, `${topic}: ${count} cases`)

  // The shipped telephone consultations run the telephone station by themselves (issue 29).
  t.same(
    cases.filter((c) => c.telephoneConsultation).map((c) => c.category.name).sort(),
    ['Cardiology', 'Pediatrics', 'Rheumatology'],
    'the three telephone consultations, and no other case',
  )
  for (const c of cases) t.equal(c.telephoneConsultation, /telephone consultation/i.test(c.description), `${c.title}: telephone exactly when its stem says so`)

  const recallCases = cases.filter((c) => c.isRecallCase)
  const dates = await listRecallDates(database.db)
  t.ok(recallCases.length >= 6, `${recallCases.length} recall cases`)
  t.ok(dates.length >= 3, `recall dates: ${dates.join(', ')}`)
  for (const date of dates) t.comment(`${date}: ${recallCases.filter((c) => c.recallDates.includes(date)).length} cases`)

  // Every case is a station in the exam's shape (issue 32); the spec's fields are written from it.
  t.same(cases.filter((c) => !c.station).map((c) => c.title), [], 'no case left in the older shape')
  const types = new Set(cases.map((c) => c.station?.stationType))
  // Every kind of station the exam has can be practised, and filtered for (issue 32).
  t.same([...types].sort(), [...STATION_TYPES].sort(), `station types practised: ${[...types].join(', ')}`)
  for (const c of cases) {
    const station = c.station!
    const items = station.checklist.length
    t.ok(items >= 8 && items <= 16, `${c.title}: ${items} checklist items`)
    // The exam grades every station in all three domains, each from what the examiner saw.
    for (const domain of DOMAINS) t.ok(station.checklist.filter((item) => item.domain === domain).length >= 2, `${c.title}: at least two items in ${domain}`)
    t.same(c.feedbackCriteria.map((criterion) => criterion.id), station.checklist.map((item) => item.id), `${c.title}: feedback is given on the checklist`)
    const reveals = new Set(station.patient.facts.map((fact) => fact.reveal))
    t.ok(station.patient.facts.length >= 8 && reveals.size === 2, `${c.title}: ${station.patient.facts.length} facts, some given freely and some only if asked`)
    t.ok(c.doctorNotes && c.patientNotes && c.doctorSections.length > 0 && c.patientSections.length > 0, `${c.title}: both sides written`)
    t.same(headingsGivenTwice(c.doctorNotes, c.doctorSections), [], `${c.title}: the doctor's notes repeat no section's heading`)
    t.same(headingsGivenTwice(c.patientNotes, c.patientSections), [], `${c.title}: the patient's notes repeat no section's heading`)
  }
})

/** Section titles the notes above them also open a line with ("Task: ..." over a "Task" section). */
function headingsGivenTwice(notes: string, sections: { title: string }[]): string[] {
  const opened = new Set(notes.split('\n').map((line) => /^([^:]{1,60}):/.exec(line)?.[1].trim().toLowerCase()))
  return sections.map((s) => s.title).filter((title) => opened.has(title.toLowerCase()))
}

t.test('a second seed inserts nothing', async (t) => {
  const before = await listCases(database.db)
  t.same(await seedDemoBank(database.db, { dataDir }), { categoriesCreated: 0, casesCreated: 0, casesAlreadyPresent: before.length, casesUpgraded: 0 })
  t.same(await listCases(database.db), before)
})
