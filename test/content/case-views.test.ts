import t, { type Test } from 'tap'
import { caseViewFor, doctorCaseView, observerCaseView, patientCaseView } from '../../schemas/case-views.ts'
import type { CaseView } from '../../schemas/content.ts'

/** Every field carries a unique marker, so a leak shows up in the serialised JSON whatever its key. */
const fullCase: CaseView = {
  id: 7,
  title: 'SECRET-TITLE Acute MI',
  description: 'Shared stem: chest pain',
  category: { id: 3, name: 'Cardiology', description: 'CATEGORY-DESCRIPTION' },
  doctorNotes: 'SECRET-DOCTOR-NOTES',
  patientNotes: 'SECRET-PATIENT-NOTES',
  doctorSections: [{ id: 'section-d', title: 'SECRET-DOCTOR-SECTION-TITLE', content: 'SECRET-DOCTOR-SECTION', order: 0 }],
  patientSections: [{ id: 'section-p', title: 'SECRET-PATIENT-SECTION-TITLE', content: 'SECRET-PATIENT-SECTION', order: 0 }],
  visualData: { type: 'text', content: 'Shared finding: ECG' },
  imageUrl: null,
  feedbackCriteria: [{ id: 'criterion-1', name: 'SECRET-CRITERION', domain: 'INTERPERSONAL', order: 0, hasSubCriteria: true, subCriteria: [{ id: 'sub-1', name: 'SECRET-SUB-CRITERION', order: 0 }] }],
  isRecallCase: true,
  recallDates: ['2024-05-01'],
  telephoneConsultation: true,
  station: null,
}

const DOCTOR_SECRETS = ['SECRET-DOCTOR-NOTES', 'SECRET-DOCTOR-SECTION']
const PATIENT_SECRETS = ['SECRET-TITLE', 'SECRET-PATIENT-NOTES', 'SECRET-PATIENT-SECTION', 'SECRET-CRITERION', 'SECRET-SUB-CRITERION']

function assertHides(t: Test, view: object, secrets: string[], forbiddenKeys: string[]) {
  const json = JSON.stringify(view)
  for (const secret of secrets) t.notOk(json.includes(secret), `does not contain ${secret}`)
  for (const key of forbiddenKeys) t.notOk(key in view, `has no ${key}`)
  t.notOk(json.includes('2024-05-01'), 'no recall dates: they say nothing useful in a session')
}

t.test('doctor during the case: own brief and the findings, no title, patient script or mark scheme', async (t) => {
  const view = doctorCaseView(fullCase, false)
  t.same(Object.keys(view).sort(), ['candidate', 'category', 'contributed', 'contributorName', 'description', 'doctorNotes', 'doctorSections', 'id', 'imageUrl', 'sections', 'stationType', 'telephoneConsultation', 'visualData'])
  t.same(view.sections, fullCase.doctorSections, 'sections = doctorSections for old clients')
  t.same(view.category, { id: 3, name: 'Cardiology' })
  t.same(view.visualData, fullCase.visualData)
  assertHides(t, view, PATIENT_SECRETS, ['title', 'patientNotes', 'patientSections', 'feedbackCriteria', 'patientScript', 'checklist'])
})

t.test('doctor once feedback is over: the whole case, to learn from', async (t) => {
  const view = doctorCaseView(fullCase, true)
  t.match(view, {
    title: fullCase.title,
    patientNotes: fullCase.patientNotes,
    patientSections: fullCase.patientSections,
    feedbackCriteria: fullCase.feedbackCriteria,
    doctorNotes: fullCase.doctorNotes,
    sections: fullCase.doctorSections,
  })
})

t.test('patient: title, own script and the mark scheme; nothing of the doctor\'s brief', async (t) => {
  const view = patientCaseView(fullCase)
  t.same(Object.keys(view).sort(), ['category', 'checklist', 'contributed', 'contributorName', 'description', 'feedbackCriteria', 'id', 'imageUrl', 'patientNotes', 'patientScript', 'patientSections', 'stationType', 'telephoneConsultation', 'title', 'visualData'])
  t.match(view, { title: fullCase.title, patientNotes: fullCase.patientNotes, feedbackCriteria: fullCase.feedbackCriteria })
  assertHides(t, view, DOCTOR_SECRETS, ['doctorNotes', 'doctorSections', 'sections', 'candidate'])
})

t.test('observer: the patient\'s view plus the doctor\'s notes and sections', async (t) => {
  const view = observerCaseView(fullCase)
  t.same(Object.keys(view).sort(), [
    'candidate', 'category', 'checklist', 'contributed', 'contributorName', 'description', 'doctorNotes', 'doctorSections', 'feedbackCriteria', 'id', 'imageUrl', 'patientNotes', 'patientScript', 'patientSections', 'stationType', 'telephoneConsultation', 'title', 'visualData',
  ])
  t.match(view, { ...patientCaseView(fullCase), doctorNotes: fullCase.doctorNotes, doctorSections: fullCase.doctorSections })
})

t.test('caseViewFor picks the view by role; no view carries a field it was not given explicitly', async (t) => {
  t.same(caseViewFor('DOCTOR', fullCase, { feedbackOver: false }), doctorCaseView(fullCase, false))
  t.same(caseViewFor('DOCTOR', fullCase, { feedbackOver: true }), doctorCaseView(fullCase, true))
  t.same(caseViewFor('PATIENT', fullCase, { feedbackOver: false }), patientCaseView(fullCase))
  t.same(caseViewFor('OBSERVER', fullCase, { feedbackOver: true }), observerCaseView(fullCase))
  // A field added to the stored case later must not leak until a view opts in (allowlist, not copy-and-delete).
  const withExtra = { ...fullCase, answerKey: 'SECRET-NEW-FIELD' } as CaseView
  for (const role of ['DOCTOR', 'PATIENT', 'OBSERVER'] as const) {
    t.notOk(JSON.stringify(caseViewFor(role, withExtra, { feedbackOver: true })).includes('SECRET-NEW-FIELD'), role)
  }
  t.throws(() => caseViewFor('ADMIN' as never, fullCase, { feedbackOver: false }), /No case view for ADMIN/)
})

t.test('every seat is told where the case comes from, so each can say it is practice material', async (t) => {
  const contributed = { ...fullCase, contributed: true, contributorName: 'Dana Donor' }
  for (const role of ['DOCTOR', 'PATIENT', 'OBSERVER'] as const) {
    t.match(caseViewFor(role, contributed, { feedbackOver: false }), { contributed: true, contributorName: 'Dana Donor' }, role)
    t.match(caseViewFor(role, fullCase, { feedbackOver: false }), { contributed: false, contributorName: null }, `${role}: a case no candidate contributed`)
  }
})

t.test('a station: the doctor has the candidate\'s instructions, the script and checklist only once the round is over', async (t) => {
  const station = {
    stationType: 'HISTORY' as const,
    mlaAreas: ['CARDIOVASCULAR' as const],
    difficulty: 'CORE' as const,
    candidate: { setting: 'Clinic', tasks: ['Take a history'], notNeeded: [], background: '' },
    patient: { persona: 'SECRET-PERSONA', openingLine: 'Hello', facts: [{ id: 'f', text: 'SECRET-FACT', reveal: 'IF_ASKED' as const }], ideas: '', concerns: '', expectations: '', cues: [], questions: [] },
    checklist: [{ id: 'c', domain: 'DATA_GATHERING' as const, item: 'SECRET-CHECKLIST', good: '' }],
  }
  const stationCase = { ...fullCase, station }
  const during = doctorCaseView(stationCase, false)
  t.same([during.stationType, 'candidate' in during && during.candidate], ['HISTORY', station.candidate])
  assertHides(t, during, ['SECRET-PERSONA', 'SECRET-FACT', 'SECRET-CHECKLIST'], ['patientScript', 'checklist'])
  t.match(doctorCaseView(stationCase, true), { patientScript: station.patient, checklist: station.checklist })
  t.match(patientCaseView(stationCase), { patientScript: station.patient, checklist: station.checklist })
  t.notOk('candidate' in patientCaseView(stationCase), "the patient's view has nothing of the candidate's instructions")
})
