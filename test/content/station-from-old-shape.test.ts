import t from 'tap'
import type { CriterionView } from '../../schemas/content.ts'
import { specFieldsOf } from '../../schemas/station/spec-fields.ts'
import { linesOf, stationFromOldShape, type OldShapeCase } from '../../schemas/station/from-old-shape.ts'
import { Station } from '../../schemas/station/station.ts'
import { validate } from '../../schemas/validate.ts'
import { DEMO_BANK_DIR } from '../../server/content/demo-bank.ts'
import { readDemoBank } from '../../server/content/demo-bank-files.ts'

const section = (title: string, content: string, order: number) => ({ id: `section-${order}`, title, content, order })
const criterion = (id: string, name: string, domain: CriterionView['domain'], order: number, subs: string[] = []): CriterionView => ({
  id,
  name,
  domain,
  order,
  hasSubCriteria: subs.length > 0,
  subCriteria: subs.map((sub, index) => ({ id: `sub-${id}-${index}`, name: sub, order: index })),
})

const oldCase: OldShapeCase = {
  description: 'A man of 58 with chest pain.',
  doctorNotes: 'Emergency department; you are the FY2 doctor.\n\nThe nurse has done an ECG.',
  doctorSections: [
    section('You do not need to', '- Examine the patient', 2),
    section('Your tasks', '1. Take a history\n2. Explain your plan', 1),
    section('Observations', 'BP 150/90, HR 96', 3),
  ],
  patientNotes: 'You are Tom, 58, a bus driver.\nOpening line: "My chest has been hurting since this morning."',
  patientSections: [
    section('History', '- Central pain, heavy, since 7 am\n- Spreads to the left arm', 0),
    section('Only if asked', '- You smoke 20 a day', 1),
    section('ICE', 'Ideas: indigestion\nConcerns: losing your licence\nExpectations: a tablet and home', 2),
    section('Behaviour', '- Rub your chest when it is mentioned', 3),
    section('Questions to ask', '- Is it my heart?', 4),
  ],
  feedbackCriteria: [
    criterion('criterion-b', 'Explains the plan', 'CLINICAL_MANAGEMENT', 1),
    criterion('criterion-a', 'Asks about the character of the pain', 'DATA_GATHERING', 0, ['site', 'radiation']),
    criterion('Not A Valid Id', 'Shows empathy', null, 2),
  ],
  telephoneConsultation: false,
}

t.test('an old-shape case becomes a station draft, nothing typed dropped, missing parts left to choose', async (t) => {
  const draft = stationFromOldShape(oldCase)
  t.equal(draft.candidate.setting, 'Emergency department; you are the FY2 doctor.')
  t.same(draft.candidate.tasks, ['Take a history', 'Explain your plan'], 'tasks from the section titled so, list markers removed')
  t.same(draft.candidate.notNeeded, ['Examine the patient'])
  t.equal(draft.candidate.background, 'The nurse has done an ECG.\n\nObservations:\nBP 150/90, HR 96', 'the rest of the notes and other sections, titled')
  t.equal(draft.patient.openingLine, 'My chest has been hurting since this morning.')
  t.equal(draft.patient.persona, 'You are Tom, 58, a bus driver.')
  t.same(draft.patient.facts.map((fact) => [fact.text, fact.reveal]), [
    ['Central pain, heavy, since 7 am', 'VOLUNTEER'],
    ['Spreads to the left arm', 'VOLUNTEER'],
    ['You smoke 20 a day', 'IF_ASKED'],
  ])
  t.equal(new Set(draft.patient.facts.map((fact) => fact.id)).size, 3, 'each fact has its own id')
  t.same([draft.patient.ideas, draft.patient.concerns, draft.patient.expectations], ['indigestion', 'losing your licence', 'a tablet and home'])
  t.same(draft.patient.cues, ['Rub your chest when it is mentioned'])
  t.same(draft.patient.questions, ['Is it my heart?'])
  t.same(draft.checklist.map((item) => [item.item, item.domain, item.good]), [
    ['Asks about the character of the pain', 'DATA_GATHERING', 'site; radiation'],
    ['Explains the plan', 'CLINICAL_MANAGEMENT', ''],
    ['Shows empathy', '', ''],
  ])
  t.same(draft.checklist.slice(0, 2).map((item) => item.id), ['criterion-a', 'criterion-b'], 'criterion ids kept, so feedback given on them keeps naming them')
  t.match(draft.checklist[2].id, /^item-/, 'an id that cannot name an item is replaced')

  const unfinished = validate(Station, draft)
  t.notOk(unfinished.ok)
  if (!unfinished.ok) {
    t.ok(unfinished.errors.stationType, 'the station type is asked for')
    t.ok(unfinished.errors.mlaAreas, 'the MLA areas are asked for')
    t.ok(unfinished.errors['checklist.2.domain'], 'the unassigned domain is asked for')
  }
  const finished = validate(Station, { ...draft, stationType: 'HISTORY', mlaAreas: ['CARDIOVASCULAR'], checklist: draft.checklist.map((item) => ({ ...item, domain: item.domain || 'INTERPERSONAL' })) })
  t.ok(finished.ok, 'once chosen, it is a station')
})

t.test('a telephone consultation is a telephone station; empty notes ask for every part', async (t) => {
  const empty: OldShapeCase = { description: '', doctorNotes: '', doctorSections: [], patientNotes: '', patientSections: [], feedbackCriteria: [], telephoneConsultation: true }
  const draft = stationFromOldShape(empty)
  t.equal(draft.stationType, 'TELEPHONE')
  const result = validate(Station, draft)
  t.notOk(result.ok)
  if (!result.ok) t.ok(result.errors['candidate.setting'] && result.errors['patient.persona'] && result.errors['patient.openingLine'] && result.errors['candidate.tasks.0'])
})

t.test('linesOf strips list markers and blank lines', async (t) => {
  t.same(linesOf('- one\n\n* two\n3) three\n  4. four  \nfive'), ['one', 'two', 'three', 'four', 'five'])
})

t.test('every demo station, written out as notes and read back, comes back as it was', async (t) => {
  for (const demo of await readDemoBank(DEMO_BANK_DIR)) {
    const station = demo.body.station!
    const back = stationFromOldShape({ description: demo.body.description, ...specFieldsOf(station) })
    t.same(
      { candidate: back.candidate, patient: { ...back.patient, facts: back.patient.facts.map(({ text, reveal }) => ({ text, reveal })) }, checklist: back.checklist.map(({ id, domain, item }) => ({ id, domain, item })) },
      {
        candidate: { ...station.candidate, background: station.candidate.background ?? '' },
        // The notes list the volunteered facts first, so that is the order they come back in.
        patient: { ...station.patient, facts: ['VOLUNTEER', 'IF_ASKED'].flatMap((kind) => station.patient.facts.filter((fact) => fact.reveal === kind).map(({ text, reveal }) => ({ text, reveal }))) },
        checklist: station.checklist.map(({ id, domain, item }) => ({ id, domain, item })),
      },
      demo.file,
    )
    t.equal(back.stationType === 'TELEPHONE', station.stationType === 'TELEPHONE', `${demo.file}: telephone kept`)
  }
})
