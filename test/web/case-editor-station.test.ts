import t from 'tap'
import { CaseBody, type CaseView } from '../../schemas/content.ts'
import { stationFromOldShape } from '../../schemas/station/from-old-shape.ts'
import { validate } from '../../schemas/validate.ts'
import { DEMO_BANK_DIR } from '../../server/content/demo-bank.ts'
import { readDemoBank } from '../../server/content/demo-bank-files.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { draftFrom, editorStateFrom, emptyEditorState } from '../../web/admin/case-editor/editor-state.ts'
import { previewCase, previewView } from '../../web/admin/case-editor/preview-case.ts'

// A stored station case, as GET /api/cases gives it to the editor.
const [demo] = await readDemoBank(DEMO_BANK_DIR)
const body = validate(CaseBody, { ...demo.body, category: { id: 3 } })
if (!body.ok) throw new Error(`The demo case is not a valid body: ${JSON.stringify(body.errors)}`)
const stored: CaseView = { id: 7, ...normaliseCase(body.value), category: { id: 3, name: 'Cardiology', description: null } }

t.test('a station case is edited as a station and saved as one: the server writes its notes', async (t) => {
  const state = editorStateFrom(stored)
  t.same(state.station, stored.station, 'the editor holds the station itself')
  const draft = draftFrom({ ...state, station: { ...state.station!, patient: { ...state.station!.patient, openingLine: 'It really hurts, doctor.' } } })
  t.equal(draft.station?.patient.openingLine, 'It really hurts, doctor.')
  t.same([draft.doctorNotes, draft.patientNotes, draft.feedbackCriteria, draft.doctorSections], ['', '', [], []], 'no notes of its own are sent')
  const checked = validate(CaseBody, draft)
  t.ok(checked.ok, 'the shared schema accepts it')
  if (checked.ok) t.match(normaliseCase(checked.value).patientNotes, /Opening line: "It really hurts, doctor\."/, 'and the stored notes follow the station')
})

t.test('a free-text case sends no station, so the server keeps what it stored', async (t) => {
  const state = { ...emptyEditorState(), title: 'Rash', categoryId: '3', doctorNotes: 'Take a history.' }
  t.equal('station' in draftFrom(state), false)
})

t.test('an old-shape case written as a station names what is still missing, by field', async (t) => {
  const state = { ...emptyEditorState(), title: 'Rash', categoryId: '3', doctorNotes: 'GP surgery.', patientNotes: 'You are Sam.' }
  const result = validate(CaseBody, draftFrom({ ...state, station: stationFromOldShape(state) }))
  t.notOk(result.ok)
  if (!result.ok) {
    for (const key of ['station.stationType', 'station.mlaAreas', 'station.candidate.tasks.0', 'station.patient.openingLine']) t.ok(result.errors[key], `${key}: ${result.errors[key]}`)
    t.notOk(result.errors['station.candidate.setting'], 'the setting came from the doctor notes')
  }
})

t.test('the preview shows each role what the room would: the doctor never the script or the checklist', async (t) => {
  const state = editorStateFrom(stored)
  const doctor = previewView(state, 'Cardiology', 'DOCTOR')
  t.notOk('patientScript' in doctor || 'checklist' in doctor || 'title' in doctor, 'the doctor sees no script, checklist or title')
  t.match('doctorNotes' in doctor && doctor.doctorNotes, /^Setting: /)
  const patient = previewView(state, 'Cardiology', 'PATIENT')
  t.same('patientScript' in patient && patient.patientScript?.facts.map((fact) => fact.id), stored.station!.patient.facts.map((fact) => fact.id))
  t.notOk('candidate' in patient, "the patient does not see the candidate's instructions")
  const observer = previewView(state, 'Cardiology', 'OBSERVER')
  t.ok('checklist' in observer && observer.checklist?.length, 'the observer has the checklist')
  t.equal(previewCase({ ...state, station: null }, '').category.name, 'No category yet')
})

t.test('the preview of a saved case being edited shows the draft, credited as the saved case, never its older fields', async (t) => {
  const saved: CaseView = { ...stored, station: null, patientNotes: 'The saved free text.', contributed: true, contributorName: 'Dana Donor' }
  const state = editorStateFrom(stored)
  // The editor hands the whole saved case over as the credit (CaseEditorDialog).
  const preview = previewCase(state, 'Cardiology', saved)
  t.same(preview.station, state.station, "the draft's station, not the saved case's none")
  t.not(preview.patientNotes, 'The saved free text.')
  t.same([preview.contributed, preview.contributorName], [true, 'Dana Donor'])
})
