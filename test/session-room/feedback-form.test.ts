import t from 'tap'
import { criterionScore, formatScore, isComplete, orderedCriteria, slotId, slotsOf, withScore, EMPTY_DRAFT } from '../../web/session/room/feedback-form.ts'
import { caseTitle, findingsOf, imageSource, notesOf } from '../../web/session/room/case-content.ts'
import type { DoctorCaseView, ObserverCaseView } from '../../schemas/case-views.ts'
import { patientCase } from './fixtures.ts'

const criteria = patientCase().feedbackCriteria

t.test('one slot per criterion without sub-criteria and per sub-criterion, in order', async (t) => {
  t.same(slotsOf(criteria), ['c1', 'c2/s1', 'c2/s2'])
  t.same(orderedCriteria(criteria).map((c) => c.name), ['Data gathering', 'Management'])
})

t.test('scores are whole steps 0-4 for slots of the scheme only', async (t) => {
  let draft = withScore(EMPTY_DRAFT, criteria, 'c1', 4)
  draft = withScore(draft, criteria, 'c1', 5)
  draft = withScore(draft, criteria, 'c2', 2)
  draft = withScore(draft, criteria, 'c2/s1', -1)
  t.same(draft.scores, { c1: 4 }, 'out of range, half steps and the parent of sub-criteria are refused')
  t.equal(isComplete(criteria, draft.scores), false)
  draft = withScore(withScore(draft, criteria, 'c2/s1', 0), criteria, 'c2/s2', 3)
  t.equal(isComplete(criteria, draft.scores), true)
  t.equal(isComplete([], {}), false, 'a case without criteria can never be submitted')
})

t.test('a criterion with sub-criteria shows their average', async (t) => {
  const management = orderedCriteria(criteria)[1]
  t.equal(criterionScore(management, {}), null)
  t.equal(criterionScore(management, { [slotId('c2', 's1')]: 3 }), 3)
  t.equal(criterionScore(management, { 'c2/s1': 3, 'c2/s2': 2 }), 2.5)
  t.equal(formatScore(7 / 3), '2.33')
})

t.test('what each role reads of its case', async (t) => {
  const doctorView: DoctorCaseView = {
    id: 1, description: 'd', category: { id: 1, name: 'Cardiology' }, visualData: null, imageUrl: '/uploads/images/x.png', telephoneConsultation: false, stationType: null, candidate: null,
    doctorNotes: 'Take a history', doctorSections: [{ id: 'b', title: 'B', content: '', order: 1 }, { id: 'a', title: 'A', content: '', order: 0 }], sections: [],
  }
  t.equal(caseTitle(doctorView), null)
  t.same(notesOf(doctorView).map((block) => [block.side, block.sections.map((s) => s.id)]), [['doctor', ['a', 'b']]])
  t.same(findingsOf(doctorView), { kind: 'image', content: '/uploads/images/x.png' })
  t.equal(imageSource('/uploads/images/x.png', '/api'), '/api/uploads/images/x.png')
  t.equal(imageSource('https://example.org/x.png', '/api'), 'https://example.org/x.png')

  const observerView: ObserverCaseView = { ...patientCase(), doctorNotes: 'Take a history', doctorSections: [], candidate: null, visualData: { type: 'text', content: 'BP 150/90' } }
  t.same(notesOf(observerView).map((block) => block.side), ['doctor', 'patient'], 'the observer sees both sets of notes')
  t.same(findingsOf(observerView), { kind: 'text', content: 'BP 150/90' })
  t.same(notesOf(patientCase()).map((block) => block.side), ['patient'])
  t.equal(findingsOf(patientCase()), null)
})

t.test('configure rules: topics, recall range and total time', async (t) => {
  const { configProblem, datesInRange, rangeLimits, topicOptions, totalMinutes, withTopicAdded } = await import('../../web/session/room/config-form.ts')
  // The screen says what the server would answer, word for word.
  const { TOPIC_REQUIRED, RANGE_REQUIRED, RANGE_REVERSED } = await import('../../schemas/session/config-rules.ts')
  const draft = { sessionType: 'TOPIC' as const, topics: [], recallStartDate: '', recallEndDate: '', readingTime: 1.5, consultationTime: 7.5, timingType: 'COUNTDOWN' as const, stationTypes: [], mlaAreas: [], circuit: null }
  // A mock exam's total: every slot, rests included, is a station's reading, room time and change-over.
  t.equal(totalMinutes({ ...draft, readingTime: 1.5, consultationTime: 8, circuit: { stations: 16, restStations: 2, changeoverSeconds: 60, candidate: 'ONE' } }), 18 * 10.5)
  t.equal(configProblem(draft), TOPIC_REQUIRED)
  t.equal(configProblem({ ...draft, topics: ['Random'] }), null)
  t.same(withTopicAdded(['Cardiology'], 'Cardiology'), ['Cardiology'], 'a topic is added only once')
  t.same(topicOptions(['Cardiology', 'Neurology'], ['Neurology']), ['Cardiology', 'Random'])
  const recall = { ...draft, sessionType: 'RECALL' as const }
  t.equal(configProblem({ ...recall, recallStartDate: '2025-01-01' }), RANGE_REQUIRED)
  t.equal(configProblem({ ...recall, recallStartDate: '2025-01-01', recallEndDate: '2025-02-01' }), null)
  t.equal(configProblem({ ...recall, recallStartDate: '2025-03-01', recallEndDate: '2025-02-01' }), RANGE_REVERSED)
  t.equal(configProblem({ ...draft, topics: ['  '] }), TOPIC_REQUIRED, 'a blank topic is no topic, as the server trims it')
  const dates = ['2025-05-21', '2025-03-12', '2025-08-06']
  t.same(datesInRange(dates, '2025-03-12', '2025-06-01'), ['2025-05-21', '2025-03-12'])
  t.same(rangeLimits(dates, '2025-04-01', ''), { startMin: '2025-03-12', startMax: '2025-08-06', endMin: '2025-04-01', endMax: '2025-08-06' })
  t.same(rangeLimits(dates, '', '2025-06-01').startMax, '2025-06-01', 'the start is limited to at most the end')
  t.equal(totalMinutes(draft), 9)
})

t.test("the submit buttons are the server's feedback requests per role, rotation only with three in the room", async (t) => {
  const { choicesFor, requestsFor, rotationPreview } = await import('../../web/session/room/submit-choices.ts')
  const { EVERYONE, participant } = await import('./fixtures.ts')
  const pair = EVERYONE.slice(0, 2)
  t.same(choicesFor('patient', pair), ['close', 'newCase', 'roleChange'])
  t.same(choicesFor('observer', pair), ['close'])
  t.same(choicesFor('patient', EVERYONE), ['close', 'newCase', 'roleChange', 'rotateSeats'])
  t.same(choicesFor('observer', EVERYONE), ['close', 'rotateSeats'])
  t.same(choicesFor('observer', [...EVERYONE, participant(4, 'observer')]), ['close'], 'not with a second observer')
  t.same(choicesFor('doctor', EVERYONE), [], 'the doctor gives no feedback')
  t.same(choicesFor(null, EVERYONE), [])
  t.same(requestsFor('rotateSeats'), { requestNewCase: false, requestSeatRotation: true }, 'rotation asks for the next case by itself')
  t.same(requestsFor('roleChange'), { requestNewCase: true, requestRoleChange: true }, "the spec's swap, unchanged")
  t.equal(rotationPreview(EVERYONE, 3), "After rotating, the next case's seats: Doctor: User 2, Patient: you, Observer: User 1.")
  t.equal(rotationPreview(pair, 2), null)
})
