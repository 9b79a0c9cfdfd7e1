import t from 'tap'
import {
  created,
  feedback,
  HOST,
  inFeedback,
  OBSERVER,
  PATIENT,
  recallConfig,
  T0,
  topicConfig,
  type Session,
} from './fixtures.ts'

const reading = (round: number, caseId: number) => [
  { type: 'CaseAssigned', caseId, round, at: T0 },
  { type: 'PhaseStarted', phase: 'READING', startTimestamp: T0, durationSeconds: 120, at: T0 },
]
const types = (session: Session, ...args: Parameters<Session['when']>) => session.when(...args).map((e) => e.type)

t.test('patient "Submit & Role Change": seats swap and the next case opens round 2', async (t) => {
  const session = inFeedback().run(feedback(), OBSERVER)
  const events = session.when(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.same(events.slice(1), [{ type: 'RolesSwapped', newDoctorUserId: 2, newPatientUserId: 1, at: T0 }, ...reading(2, 12)])
  session.events.push(...events)
  t.same(session.state.participants.map((p) => [p.userId, p.role, p.hasGivenFeedback, p.nextRoundRequest]), [[1, 'PATIENT', false, null], [2, 'DOCTOR', false, null], [3, 'OBSERVER', false, null]])
  t.match(session.state, { currentRound: 2, caseId: 12, phase: 'READING' })

  session.run({ type: 'SkipPhase' }, PATIENT).run({ type: 'SkipPhase' }, PATIENT)
  t.match(session.when(feedback(), HOST), [{ type: 'FeedbackSubmitted', fromUserId: 1, fromRole: 'PATIENT', toUserId: 2, caseId: 12, round: 2 }], 'the host now scores the new doctor')
})

t.test('patient "Submit & New Case": no swap, round 2', async (t) => {
  t.same(inFeedback().run(feedback(), OBSERVER).when(feedback({ requestNewCase: true }), PATIENT).slice(1), reading(2, 12))
})

t.test('when the session\'s topics have run out after feedback, the doctor is asked for another while the round waits', async (t) => {
  const session = inFeedback()
  session.run(feedback(), OBSERVER).run(feedback({ requestNewCase: true }), PATIENT).run({ type: 'SkipPhase' }, HOST).run({ type: 'SkipPhase' }, HOST)
  t.equal(session.state.caseId, 12)
  session.run(feedback(), OBSERVER)
  t.same(types(session, feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT), ['FeedbackSubmitted', 'RolesSwapped', 'PhaseStarted', 'TopicSelectionNeeded'], 'Cardiology is done')
  session.run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.match(session.state, { phase: 'WAITING', status: 'IN_PROGRESS', topicChoicePending: true, currentRound: 2 })
  t.same(session.events.at(-1), { type: 'TopicSelectionNeeded', completedTopic: 'Cardiology', availableTopics: ['Respiratory', 'Neurology'], at: T0 })
  t.throws(() => session.when({ type: 'Start' }, PATIENT), { message: 'Choose the next topic first: the last one has no case left' }, 'no start on the scored case')
  t.same(session.when({ type: 'SelectNewTopic', topic: 'Neurology' }, PATIENT), [{ type: 'TopicAdded', topic: 'Neurology', at: T0 }, ...reading(3, 31)], 'the new doctor picks: round 3 opens, everyone being in the room')
})

t.test('a Random session draws the next case from any category', async (t) => {
  const session = inFeedback(topicConfig('Random')).run(feedback(), OBSERVER).run(feedback({ requestNewCase: true }), PATIENT)
  t.same(session.state.usedCaseIds, [11, 12])
  session.run({ type: 'SkipPhase' }, HOST).run({ type: 'SkipPhase' }, HOST).run(feedback(), OBSERVER).run(feedback({ requestNewCase: true }), PATIENT)
  t.same(session.state.usedCaseIds, [11, 12, 21], 'Cardiology done, Random moves on rather than repeating')
})

t.test('"Submit Feedback & Close" asks for no new case: the doctor is left to complete, which ends the session', async (t) => {
  const session = inFeedback()
  t.same(types(session, feedback(), OBSERVER), ['FeedbackSubmitted'])
  session.run(feedback(), OBSERVER)
  t.same(types(session, feedback(), PATIENT), ['FeedbackSubmitted'], 'cases are left, but nobody asked for one')
  session.run(feedback(), PATIENT)
  t.match(session.state, { phase: 'FEEDBACK', currentRound: 1 })
  t.same(types(session, { type: 'Complete' }, HOST), ['ParticipantCompleted', 'SessionEnded'])
})

t.test('without an observer, closing feedback starts nothing', async (t) => {
  const session = created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'Configure', config: topicConfig('Cardiology') }, HOST)
    .run({ type: 'Start' }, HOST)
    .run({ type: 'SkipPhase' }, HOST)
    .run({ type: 'SkipPhase' }, HOST)
  t.same(types(session, feedback(), PATIENT), ['FeedbackSubmitted'])
})

t.test('a recall session whose range is played out starts nothing when the patient asks for more', async (t) => {
  const session = inFeedback(recallConfig('2024-01-15', '2024-01-15'))
  t.same(types(session, feedback({ requestNewCase: true }), PATIENT), ['FeedbackSubmitted'], 'the observer may still be scoring')
})

t.test('a topic session whose cases are played out waits for everyone to complete', async (t) => {
  const session = inFeedback(topicConfig('Neurology')).run(feedback(), OBSERVER)
  t.same(types(session, feedback(), PATIENT), ['FeedbackSubmitted'], 'the doctor has not completed yet')
  session.run(feedback(), PATIENT)
  t.match(session.state, { status: 'IN_PROGRESS', phase: 'FEEDBACK', caseId: 31 })
})

t.test('the session ends when every active participant has completed', async (t) => {
  const session = inFeedback(topicConfig('Neurology')).run({ type: 'Complete' }, HOST).run(feedback(), OBSERVER)
  t.same(session.when(feedback(), PATIENT).slice(1), [{ type: 'SessionEnded', reason: 'All participants have completed their sessions', at: T0 }])
  const withCaseLeft = inFeedback().run({ type: 'Complete' }, HOST).run(feedback(), OBSERVER)
  t.same(withCaseLeft.when(feedback(), PATIENT).slice(1), [{ type: 'SessionEnded', reason: 'All participants have completed their sessions', at: T0 }], 'also with cases left: closing asks for none')
})

t.test('a doctor who has completed is not drawn into a new round, whoever asks', async (t) => {
  const session = inFeedback().run({ type: 'Complete' }, HOST)
  t.same(types(session, feedback({ requestNewCase: true }), PATIENT), ['FeedbackSubmitted'])
  t.same(types(session, feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT), ['FeedbackSubmitted'], 'no seat swap with someone gone')
  session.run(feedback({ requestNewCase: true }), PATIENT)
  t.same(types(session, feedback(), OBSERVER), ['FeedbackSubmitted', 'SessionEnded'], 'the last one to finish ends it')
})

t.test('a new case clears everyone\'s completion', async (t) => {
  const session = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true }), PATIENT)
  t.equal(session.state.currentRound, 2)
  t.ok(session.state.participants.every((p) => !p.hasCompleted && !p.hasGivenFeedback))
})
