import t from 'tap'
import type { RoundNotes } from '../../schemas/debrief.ts'
import { anyFactTold, anyMarks, examinersOf, factsNotUncovered, missedByDomain } from '../../web/debrief/round-notes.ts'

const notes: RoundNotes = {
  checklist: [
    { id: 'history', domain: 'DATA_GATHERING', item: 'Takes a pain history', good: '', marks: [{ userId: 7, by: 'Olly', mark: 'DONE', second: 40 }, { userId: 8, by: 'Pat', mark: 'PARTLY', second: 50 }] },
    { id: 'red-flags', domain: 'DATA_GATHERING', item: 'Asks about red flags', good: '', marks: [{ userId: 7, by: 'Olly', mark: 'PARTLY', second: 90 }] },
    { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'Explains the plan', good: '', marks: [] },
    { id: 'rapport', domain: 'INTERPERSONAL', item: 'Builds rapport', good: '', marks: [{ userId: 8, by: 'Pat', mark: 'DONE', second: 10 }] },
  ],
  facts: [
    { id: 'onset', text: 'Started at work', reveal: 'VOLUNTEER', told: false, toldAt: null },
    { id: 'father', text: 'Father died at 56', reveal: 'IF_ASKED', told: false, toldAt: null },
    { id: 'smoking', text: 'Smokes 20 a day', reveal: 'IF_ASKED', told: true, toldAt: 120 },
  ],
  timeline: [],
}

t.test('what was missed: items no examiner marked done, by domain, with who said what', async (t) => {
  t.same(missedByDomain(notes), [
    { domain: 'DATA_GATHERING', items: [{ item: 'Asks about red flags', marks: 'Olly: partly' }] },
    { domain: 'CLINICAL_MANAGEMENT', items: [{ item: 'Explains the plan', marks: 'not marked' }] },
  ])
})

t.test('the facts the doctor had to ask for and did not', async (t) => {
  t.same(factsNotUncovered(notes).map((fact) => fact.id), ['father'])
})

t.test('one column per examiner, in the order they appear; two with one name stay two', async (t) => {
  t.same(examinersOf(notes), [{ userId: 7, heading: 'Olly' }, { userId: 8, heading: 'Pat' }])
  const sameName = { ...notes, checklist: [{ ...notes.checklist[0], marks: [{ userId: 7, by: 'Former user', mark: 'DONE' as const, second: 1 }, { userId: 9, by: 'Former user', mark: 'PARTLY' as const, second: 2 }] }] }
  t.same(examinersOf(sameName).map((examiner) => examiner.heading), ['Former user (1)', 'Former user (2)'])
})

t.test('with no examiner marking, or no fact ticked, nothing is said to be missed', async (t) => {
  const unmarked = { ...notes, checklist: notes.checklist.map((item) => ({ ...item, marks: [] })), facts: notes.facts.map((fact) => ({ ...fact, told: false, toldAt: null })) }
  t.same([anyMarks(unmarked), anyFactTold(unmarked)], [false, false])
  t.same([anyMarks(notes), anyFactTold(notes)], [true, true])
})
