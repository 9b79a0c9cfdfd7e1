import t from 'tap'
import * as v from 'valibot'
import { CaseBody } from '../../schemas/content.ts'
import { normaliseCase, withKeptAdditions, type IdMaker } from '../../server/content/case-rules.ts'

/** Deterministic ids, so the rules can be checked exactly. */
function counterIds(): IdMaker {
  let n = 0
  return (prefix) => `${prefix}-new${++n}`
}

const body = (fields: object) => v.parse(CaseBody, { title: 'A case', category: { id: 1 }, ...fields })
const normalise = (fields: object) => normaliseCase(body(fields), counterIds())

t.test('sections: sorted by order, renumbered 0..n-1, ties and missing orders keep their place', async (t) => {
  const { doctorSections } = normalise({
    doctorSections: [
      { id: 'c', title: 'C', content: '', order: 10 },
      { id: 'a', title: 'A', content: '', order: -3 },
      { id: 'b1', title: 'B1', content: '', order: 4 },
      { id: 'b2', title: 'B2', content: '', order: 4 },
    ],
  })
  t.same(doctorSections.map((s) => [s.id, s.order]), [['a', 0], ['b1', 1], ['b2', 2], ['c', 3]])
  const positional = normalise({ patientSections: [{ title: 'first' }, { title: 'second' }] }).patientSections
  t.same(positional.map((s) => [s.title, s.order, s.id]), [['first', 0, 'section-new1'], ['second', 1, 'section-new2']])
  t.same(positional[0].content, '', 'missing text is stored as empty text')
})

t.test('ids: kept when given, generated when missing, blank or repeated in the same list', async (t) => {
  const { doctorSections, feedbackCriteria } = normalise({
    doctorSections: [{ id: 'same', title: 'x' }, { id: 'same', title: 'y' }, { id: '  ', title: 'z' }, { id: 1735550000000, title: 'n' }],
    feedbackCriteria: [{ id: 'k', name: 'K', subCriteria: [{ id: 'k', name: 'sub with a criterion id' }, { name: 'plain' }] }],
  })
  t.same(doctorSections.map((s) => s.id), ['same', 'section-new1', 'section-new2', '1735550000000'])
  t.same(feedbackCriteria[0].subCriteria.map((s) => s.id), ['k', 'sub-new3'], 'sub-criterion ids need only be unique among siblings')
})

t.test('criteria: sub-criteria only when switched on and present, always an array', async (t) => {
  const { feedbackCriteria } = normalise({
    feedbackCriteria: [
      { id: 'off', name: 'Off', order: 0, hasSubCriteria: false, subCriteria: [{ name: 'dropped' }] },
      { id: 'on', name: 'On', order: 1, hasSubCriteria: true, subCriteria: [{ name: 'second', order: 9 }, { name: 'first', order: 2 }] },
      { id: 'empty', name: 'Claims subs, has none', order: 2, hasSubCriteria: true, subCriteria: [] },
      { id: 'null', name: 'Null subs', order: 3, subCriteria: null },
      { id: 'implicit', name: 'Subs without the flag', order: 4, subCriteria: [{ name: 'only' }] },
    ],
  })
  t.same(feedbackCriteria.map((c) => [c.id, c.hasSubCriteria, c.subCriteria.map((s) => `${s.order}:${s.name}`)]), [
    ['off', false, []],
    ['on', true, ['0:first', '1:second']],
    ['empty', false, []],
    ['null', false, []],
    ['implicit', true, ['0:only']],
  ])
})

t.test('recall dates: de-duplicated and sorted; none unless a recall case', async (t) => {
  t.same(normalise({ isRecallCase: true, recallDates: ['2024-05-01', '2023-01-09', '2024-05-01'] }).recallDates, ['2023-01-09', '2024-05-01'])
  t.same(normalise({ isRecallCase: false, recallDates: ['2024-05-01'] }), normalise({ isRecallCase: false, recallDates: [] }))
  t.same(normalise({ isRecallCase: false, recallDates: ['2024-05-01'] }).recallDates, [])
  t.equal(normalise({ recallDates: ['2024-05-01'] }).isRecallCase, true, 'without the flag, dates make a recall case')
  t.equal(normalise({ recallDates: null }).isRecallCase, false)
  t.ok(v.safeParse(CaseBody, { title: 'x', category: { id: 1 }, recallDates: ['2024-02-29'] }).success, 'a leap day exists')
  t.notOk(v.safeParse(CaseBody, { title: 'x', category: { id: 1 }, recallDates: ['2023-02-29'] }).success, '2023 had none')
  t.notOk(v.safeParse(CaseBody, { title: 'x', category: { id: 1 }, recallDates: ['2024-13-01'] }).success)
})

t.test('visual data and image URL always agree', async (t) => {
  const cases: Array<[object, object]> = [
    [{ visualData: { type: 'image', content: ' /uploads/images/a.png ' }, imageUrl: 'https://old' }, { visualData: { type: 'image', content: '/uploads/images/a.png' }, imageUrl: '/uploads/images/a.png' }],
    [{ visualData: { type: 'text', content: 'BP 90/60' }, imageUrl: 'https://x/y.png' }, { visualData: { type: 'text', content: 'BP 90/60' }, imageUrl: null }],
    [{ visualData: null, imageUrl: 'https://x/y.png' }, { visualData: { type: 'image', content: 'https://x/y.png' }, imageUrl: 'https://x/y.png' }],
    [{ visualData: { type: 'text', content: '   ' }, imageUrl: 'https://x/y.png' }, { visualData: { type: 'image', content: 'https://x/y.png' }, imageUrl: 'https://x/y.png' }],
    [{ visualData: { type: 'image', content: '' }, imageUrl: '' }, { visualData: null, imageUrl: null }],
    [{}, { visualData: null, imageUrl: null }],
  ]
  for (const [input, expected] of cases) {
    const { visualData, imageUrl } = normalise(input)
    t.same({ visualData, imageUrl }, expected, JSON.stringify(input))
  }
})

t.test('the generated ids look like the editor\'s and do not repeat', async (t) => {
  const ids = new Set(Array.from({ length: 200 }, () => normaliseCase(body({ doctorSections: [{ title: 'x' }] })).doctorSections[0].id))
  t.equal(ids.size, 200)
  for (const id of ids) t.match(id, /^section-[0-9a-f]{12}$/)
})

const STATION = {
  stationType: 'TELEPHONE',
  mlaAreas: ['RESPIRATORY'],
  difficulty: 'STANDARD',
  candidate: { setting: 'Out-of-hours GP, by telephone.', tasks: ['Assess the cough', 'Agree a plan'], notNeeded: [] },
  patient: {
    persona: 'You are Ann, 70.',
    openingLine: 'I cannot shake this cough.',
    facts: [
      { id: 'cough', text: 'Cough for three weeks.', reveal: 'VOLUNTEER' },
      { id: 'blood', text: 'Once a streak of blood.', reveal: 'IF_ASKED' },
    ],
    cues: ['Sound breathless.'],
    questions: ['Is it cancer?'],
  },
  checklist: [
    { id: 'red-flags', domain: 'DATA_GATHERING', item: 'Asks about haemoptysis and weight loss' },
    { id: 'referral', domain: 'CLINICAL_MANAGEMENT', item: 'Arranges a chest X-ray within two weeks' },
    { id: 'ice', domain: 'INTERPERSONAL', item: 'Explores her fear of cancer' },
  ],
}

t.test('a station writes the spec\'s fields: the clients that know only them show each role the same case', async (t) => {
  const stored = normalise({ station: STATION, doctorNotes: 'ignored: the station decides', feedbackCriteria: [{ name: 'ignored too' }] })
  t.equal(stored.doctorNotes, 'Setting: Out-of-hours GP, by telephone.')
  t.same(stored.doctorSections.map((s) => [s.title, s.content]), [['Task', '- Assess the cough\n- Agree a plan']])
  t.equal(stored.patientNotes, 'You are Ann, 70.\nOpening line: "I cannot shake this cough."')
  t.same(stored.patientSections.map((s) => s.title), ['Say when the topic comes up', 'Say only if asked directly', 'Cues and how to behave', 'Questions to ask the doctor'])
  t.same(stored.feedbackCriteria.map((c) => [c.id, c.domain]), [['red-flags', 'DATA_GATHERING'], ['referral', 'CLINICAL_MANAGEMENT'], ['ice', 'INTERPERSONAL']])
  t.equal(stored.telephoneConsultation, true, 'a telephone station runs with every camera off')
  t.equal(stored.station?.stationType, 'TELEPHONE')
})

t.test('an edit from the spec\'s editor keeps the station while it only echoes the derived text; changed text wins', async (t) => {
  const saved = normalise({ station: STATION })
  const stored = { ...saved, id: 1, category: { id: 1, name: 'Respiratory', description: null }, station: saved.station }
  // What the spec's editor sends back: every field it loaded, no station.
  const echoed = body({ ...saved, station: undefined, title: 'A new title' })
  t.same(normaliseCase(withKeptAdditions(echoed, stored)).station, saved.station, 'a new title keeps the station')
  const rewritten = body({ ...saved, station: undefined, patientNotes: 'The admin rewrote the script.' })
  const kept = normaliseCase(withKeptAdditions(rewritten, stored))
  t.same([kept.station, kept.patientNotes], [null, 'The admin rewrote the script.'], 'the typed text is kept; the case is in the older shape now')
})
