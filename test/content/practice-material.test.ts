import t from 'tap'
import { caseViewFor } from '../../schemas/case-views.ts'
import type { CaseView } from '../../schemas/content.ts'
import { contributionAttribution, practiceMaterialNote } from '../../schemas/practice-material.ts'

const NOT_CONTRIBUTED = 'Practice material for PLAB 2 preparation, not an official exam station.'
const NAMED = 'Practice material contributed by Dana Donor and reviewed on this platform.'
const ANONYMOUS = 'Practice material contributed by a candidate (anonymous) and reviewed on this platform.'

/** As the demo bank's recall-mode cases are: dated, so recall mode can be tried, yet written here. */
const demoRecallCase: CaseView = {
  id: 4,
  title: 'Chest pain on the stairs',
  description: 'A man of 58 with chest pain',
  category: { id: 1, name: 'Cardiology', description: null },
  doctorNotes: 'Take a history.',
  patientNotes: 'You are 58.',
  doctorSections: [],
  patientSections: [],
  visualData: null,
  imageUrl: null,
  feedbackCriteria: [],
  isRecallCase: true,
  recallDates: ['2025-03-12'],
  telephoneConsultation: false,
  station: null,
  version: 1,
  contributed: false,
  contributorName: null,
}

t.test('one sentence for each kind of case', async (t) => {
  t.equal(practiceMaterialNote({ contributed: false, contributorName: null }), NOT_CONTRIBUTED)
  t.equal(practiceMaterialNote({}), NOT_CONTRIBUTED, "a view with no attribution at all is the bank's own")
  t.equal(practiceMaterialNote({ contributed: true, contributorName: 'Dana Donor' }), NAMED)
  t.equal(practiceMaterialNote({ contributorName: 'Dana Donor' }), NAMED, 'a name alone means contributed')
  t.equal(practiceMaterialNote({ contributed: true, contributorName: null }), ANONYMOUS)
  t.notMatch(ANONYMOUS, /not taken from any exam/, 'a contribution is never said to recall no exam')
})

t.test('every seat of a session reads the same sentence from its own view of the case', async (t) => {
  const contributed = { ...demoRecallCase, contributed: true, contributorName: null }
  for (const role of ['DOCTOR', 'PATIENT', 'OBSERVER'] as const) {
    // The doctor's view hides the title while the case runs; where the case comes from is no secret.
    t.equal(practiceMaterialNote(caseViewFor(role, demoRecallCase, { feedbackOver: false })), NOT_CONTRIBUTED, `${role}: a dated demo case`)
    t.equal(practiceMaterialNote(caseViewFor(role, contributed, { feedbackOver: false })), ANONYMOUS, `${role}: an anonymous contribution`)
  }
})

t.test("a contribution is credited as its author chose, in the preview as in the bank", async (t) => {
  t.same(contributionAttribution({ showName: true, authorName: 'Dana Donor' }), { contributed: true, contributorName: 'Dana Donor' })
  t.same(contributionAttribution({ showName: false, authorName: 'Dana Donor' }), { contributed: true, contributorName: null })
  t.equal(practiceMaterialNote(contributionAttribution({ showName: false, authorName: 'Dana Donor' })), ANONYMOUS)
})
