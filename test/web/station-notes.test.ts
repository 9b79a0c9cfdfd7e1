import t from 'tap'
import type { ObserverCaseView } from '../../schemas/case-views.ts'
import { checklistByDomain, factsToTell, openingLineOf } from '../../web/session/station/station-notes.ts'
import { patientCase } from '../session-room/fixtures.ts'

const station: ObserverCaseView = {
  ...patientCase(),
  doctorNotes: '',
  doctorSections: [],
  candidate: null,
  patientScript: {
    persona: 'You are Ann.',
    openingLine: 'I cannot stop coughing.',
    facts: [
      { id: 'cough', text: 'Three weeks of cough', reveal: 'VOLUNTEER' },
      { id: 'blood', text: 'A streak of blood once', reveal: 'IF_ASKED' },
    ],
    ideas: '',
    concerns: '',
    expectations: '',
    cues: [],
    questions: [],
  },
  checklist: [
    { id: 'rapport', domain: 'INTERPERSONAL', item: 'Builds rapport', good: '' },
    { id: 'red-flags', domain: 'DATA_GATHERING', item: 'Asks about red flags', good: 'Haemoptysis, weight loss' },
  ],
}

t.test('the patient\'s facts show which were told, and when in the consultation', async (t) => {
  const progress = { marks: [], revealedFacts: [{ factId: 'blood', second: 95 }] }
  t.same(
    factsToTell(station, progress).map((fact) => [fact.id, fact.reveal, fact.told, fact.toldAt]),
    [['cough', 'VOLUNTEER', false, null], ['blood', 'IF_ASKED', true, 'at 1:35']],
  )
  t.same(factsToTell(patientCase(), progress), [], 'a case in the older shape has no facts to tick')
  t.equal(openingLineOf(station), 'I cannot stop coughing.')
  t.equal(openingLineOf(patientCase()), null)
})

t.test('the checklist comes in the exam\'s domain order with this examiner\'s own marks', async (t) => {
  const progress = {
    marks: [
      { userId: 7, itemId: 'red-flags', mark: 'PARTLY' as const, second: 62 },
      { userId: 8, itemId: 'rapport', mark: 'DONE' as const, second: 10 },
    ],
    revealedFacts: [],
  }
  const groups = checklistByDomain(station, progress, 7)
  t.same(groups.map((group) => group.domain), ['DATA_GATHERING', 'INTERPERSONAL'], 'domains without items are left out')
  t.same(groups.flatMap((group) => group.items.map((item) => [item.id, item.mark, item.markedAt])), [['red-flags', 'PARTLY', 'at 1:02'], ['rapport', null, null]], "another examiner's mark is theirs")
})
