import t from 'tap'
import type { RoundNotes } from '../../schemas/debrief.ts'
import { examinersOf, factsNotUncovered, missedByDomain } from '../../web/debrief/round-notes.ts'

const notes: RoundNotes = {
  checklist: [
    { id: 'history', domain: 'DATA_GATHERING', item: 'Takes a pain history', good: '', marks: [{ by: 'Olly', mark: 'DONE', second: 40 }, { by: 'Pat', mark: 'PARTLY', second: 50 }] },
    { id: 'red-flags', domain: 'DATA_GATHERING', item: 'Asks about red flags', good: '', marks: [{ by: 'Olly', mark: 'PARTLY', second: 90 }] },
    { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'Explains the plan', good: '', marks: [] },
    { id: 'rapport', domain: 'INTERPERSONAL', item: 'Builds rapport', good: '', marks: [{ by: 'Pat', mark: 'DONE', second: 10 }] },
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

t.test('one column per examiner, in the order they appear', async (t) => {
  t.same(examinersOf(notes), ['Olly', 'Pat'])
})
