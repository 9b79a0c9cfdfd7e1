import t from 'tap'
import type { CaseView } from '../../schemas/content.ts'
import type { Station } from '../../schemas/station/station.ts'
import { chestPainStation as station } from '../content/station-fixture.ts'
import { caseChanges, type CaseChange } from '../../web/admin/cases/case-diff.ts'

/** What the admin's case history shows between two versions (web/admin/cases/CaseHistoryDialog.tsx). */

const version: CaseView = {
  id: 7,
  title: 'Chest pain in a driver',
  description: 'Central chest pain',
  category: { id: 1, name: 'Cardiology', description: null },
  doctorNotes: '',
  patientNotes: '',
  doctorSections: [],
  patientSections: [],
  visualData: null,
  imageUrl: null,
  feedbackCriteria: [],
  isRecallCase: true,
  recallDates: ['2024-01-15', '2024-05-01'],
  telephoneConsultation: false,
  station,
  version: 1,
}

/** Each change as "field (kind): text with [+added] and [-removed] words". */
const read = (changes: CaseChange[]) =>
  changes.map(({ field, kind, parts }) => `${field} (${kind}): ${parts.map(({ text, change }) => (change === 'kept' ? text : `[${change === 'added' ? '+' : '-'}${text}]`)).join('')}`)

const withStation = (changed: Partial<Station>): CaseView => ({ ...version, version: 2, station: { ...station, ...changed } })

t.test('two equal versions have no differences, whatever their numbers', async (t) => {
  t.same(caseChanges(version, { ...version, version: 5 }), [])
})

t.test('a changed title shows word by word', async (t) => {
  t.same(read(caseChanges(version, { ...version, title: 'Chest pain in a bus driver' })), ['Title (changed): Chest pain in a [+bus ]driver'])
})

t.test('facts by id: one added, one removed, one whose reveal changed', async (t) => {
  const facts = [
    { id: 'onset', text: 'It started two hours ago', reveal: 'IF_ASKED' as const },
    { id: 'father', text: 'His father died of a heart attack', reveal: 'VOLUNTEER' as const },
  ]
  t.same(read(caseChanges(version, withStation({ patient: { ...station.patient, facts } }))), [
    'Patient fact smoker (removed): [-Twenty a day for thirty years (says it only if asked)]',
    'Patient fact onset: when said (changed): says it [-when the topic comes up][+only if asked]',
    'Patient fact father (added): [+His father died of a heart attack (says it when the topic comes up)]',
  ])
})

t.test("a checklist item's domain, a task line and the MLA areas", async (t) => {
  const checklist = station.checklist.map((item) => (item.id === 'plans-ecg' ? { ...item, domain: 'DATA_GATHERING' as const } : item))
  const changed = withStation({ checklist, mlaAreas: ['CARDIOVASCULAR', 'ACUTE_EMERGENCY'], candidate: { ...station.candidate, tasks: ['Take a focused history', 'Explain the plan'] } })
  t.same(read(caseChanges(version, changed)), [
    'MLA areas (changed): Cardiovascular, [+Acute and emergency]',
    "Candidate's tasks (changed): Take a [+focused ]history\nExplain the plan",
    'Checklist item plans-ecg: domain (changed): [-Clinical management][+Data gathering]',
  ])
})

t.test('recall dates: added and removed in their place; no dates left reads as removed', async (t) => {
  t.same(read(caseChanges(version, { ...version, recallDates: ['2024-05-01', '2024-09-10'] })), ['Recall dates (changed): [-2024-01-15], 2024-05-01, [+2024-09-10]'])
  t.same(read(caseChanges(version, { ...version, isRecallCase: false, recallDates: [] })), ['Recall case (changed): [-Yes][+No]', 'Recall dates (removed): [-2024-01-15], [-2024-05-01]'])
})

t.test('a reordered checklist is a change, named as such', async (t) => {
  t.match(read(caseChanges(version, withStation({ checklist: [...station.checklist].reverse() }))), [/^Order of checklist items \(changed\): /])
})

t.test('the older shape: sections and criteria by id, with their domains and sub-criteria', async (t) => {
  const older: CaseView = {
    ...version,
    station: null,
    doctorSections: [{ id: 'section-task', title: 'Task', content: 'Take a history', order: 0 }],
    feedbackCriteria: [{ id: 'crit-a', name: 'History', domain: null, order: 0, hasSubCriteria: true, subCriteria: [{ id: 's1', name: 'Onset', order: 0 }] }],
  }
  const edited: CaseView = {
    ...older,
    doctorSections: [{ id: 'section-task', title: 'Task', content: 'Take a focused history', order: 0 }],
    feedbackCriteria: [{ ...older.feedbackCriteria[0], domain: 'DATA_GATHERING', subCriteria: [{ id: 's1', name: 'Onset', order: 0 }, { id: 's2', name: 'Site', order: 1 }] }],
  }
  t.same(read(caseChanges(older, edited)), [
    `Doctor's section "Task" (changed): Take a [+focused ]history`,
    'Criterion "History": domain (changed): [-No domain][+Data gathering]',
    'Criterion "History": sub-criteria (changed): Onset, [+Site]',
  ])
  t.same(read(caseChanges(older, version)).slice(0, 1), ["Written in the exam's shape (added): [+History taking station]"], 'a station written for an older case is named')
})
