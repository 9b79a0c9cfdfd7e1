import t from 'tap'
import { JOINED_AFTER_CONSULTATION, observerFeedbackStatus } from '../../schemas/session/feedback-rules.ts'
import { overallPerformance, type Actor, type CriterionScore } from '../../schemas/session/index.ts'
import { feedback, HOST, inConsultation, inFeedback, OBSERVER, PATIENT, refused, roomOfThree, scores, SECOND_OBSERVER, Session, storedScores, T0 } from './fixtures.ts'

const RATINGS = 'Please provide ratings for all criteria before submitting'
const WHOLE = 'Scores must be whole numbers from 0 to 4'

t.test('overallPerformance: the sum of criterion scores, sub-criteria counting by their mean', async (t) => {
  t.equal(overallPerformance(scores(3, 2, 4)), 6)
  t.equal(overallPerformance(scores(4, 1, 2)), 5.5)
  t.equal(overallPerformance([]), 0)
  const thirds: CriterionScore[] = [
    {
      criterionId: 'x',
      criterionName: 'X',
      score: null,
      subScores: [1, 0, 0].map((score, i) => ({ subCriterionId: `s${i}`, subCriterionName: `S${i}`, score })),
    },
  ]
  t.equal(overallPerformance(thirds), 0.33, 'rounded to two decimals')
  const partly: CriterionScore[] = [{ ...thirds[0], subScores: [{ subCriterionId: 'a', subCriterionName: 'A', score: 3 }, { subCriterionId: 'b', subCriterionName: 'B', score: null }] }]
  t.equal(overallPerformance(partly), 3, 'unscored sub-criteria are left out of the mean')
})

t.test('SubmitFeedback: stored for the doctor, with the case, round and overall score', async (t) => {
  const session = inFeedback()
  t.same(session.when(feedback({ comment: 'Clear plan' }), PATIENT), [
    {
      type: 'FeedbackSubmitted',
      fromUserId: 2,
      fromRole: 'PATIENT',
      toUserId: 1,
      caseId: 11,
      round: 1,
      comment: 'Clear plan',
      criteriaScores: storedScores(),
      overallPerformance: 6,
      globalJudgement: null,
      feedbackAreas: [],
      at: T0,
    },
  ])
  session.run(feedback(), PATIENT)
  t.match(session.state.participants.find((p) => p.userId === 2), { hasGivenFeedback: true, hasCompleted: true })
})

t.test('SubmitFeedback: the stored scores follow the mark scheme\'s order and names', async (t) => {
  const [reordered, direct] = scores()
  const spoofed = [{ ...reordered, criterionName: 'Renamed by the client' }, direct]
  const [event] = inFeedback().when(feedback({ criteriaScores: spoofed }), OBSERVER)
  t.same(event.type === 'FeedbackSubmitted' && event.criteriaScores, storedScores())
})

t.test('SubmitFeedback: only the patient or observer, only in the feedback phase, once per case and round', async (t) => {
  refused(t, inFeedback(), feedback(), HOST, 403, 'Only the patient or observer can give feedback')
  refused(t, inConsultation(), feedback(), PATIENT, 409, 'Feedback can be submitted once the consultation has ended')
  const session = inFeedback().run(feedback(), OBSERVER)
  refused(t, session, feedback(), OBSERVER, 409, 'You have already submitted feedback for this case')
  t.equal(session.when(feedback(), PATIENT)[0].type, 'FeedbackSubmitted', 'the other giver still can')
})

t.test('SubmitFeedback: observers may not ask for a new case or a role change', async (t) => {
  refused(t, inFeedback(), feedback({ requestNewCase: true }), OBSERVER, 403, 'Observers cannot request a new case')
  refused(t, inFeedback(), feedback({ requestNewCase: true, requestRoleChange: true }), OBSERVER, 403, 'Only the patient can request a role change')
})

t.test('SubmitFeedback: every criterion, and every sub-criterion, must be scored', async (t) => {
  const session = inFeedback()
  const [direct, withSubs] = scores()
  const cases: [string, CriterionScore[]][] = [
    ['nothing scored', []],
    ['a criterion missing', [direct]],
    ['a direct score missing', [{ ...direct, score: null }, withSubs]],
    ['a sub-score missing', [direct, { ...withSubs, subScores: [withSubs.subScores[0], { ...withSubs.subScores[1], score: null }] }]],
    ['a sub-criterion left out', [direct, { ...withSubs, subScores: [withSubs.subScores[0]] }]],
    ['an own score beside sub-scores', [direct, { ...withSubs, score: 3 }]],
    ['a criterion twice', [direct, direct, withSubs]],
    ['a criterion the case does not have', [direct, withSubs, { ...direct, criterionId: 'c9' }]],
    ['an unknown sub-criterion', [direct, { ...withSubs, subScores: [withSubs.subScores[0], { ...withSubs.subScores[1], subCriterionId: 's9' }] }]],
    ['sub-scores on a direct criterion', [{ ...direct, subScores: withSubs.subScores }, withSubs]],
  ]
  for (const [why, criteriaScores] of cases) {
    t.test(why, async (t) => refused(t, session, feedback({ criteriaScores }), PATIENT, 400, RATINGS))
  }
})

t.test('SubmitFeedback: scores are whole numbers from 0 to 4', async (t) => {
  const session = inFeedback()
  for (const bad of [5, -1, 2.5, Number.NaN]) {
    refused(t, session, feedback({ criteriaScores: scores(bad) }), PATIENT, 400, WHOLE)
    refused(t, session, feedback({ criteriaScores: scores(3, bad) }), PATIENT, 400, WHOLE)
  }
  t.equal(session.when(feedback({ criteriaScores: scores(0, 4, 0) }), PATIENT).length, 1, '0 and 4 are fine')
})

t.test('SubmitFeedback: no doctor in the room', async (t) => {
  // Leave ends a session without a doctor, so only a hand-written log gets here.
  const session = inFeedback()
  session.events.push({ type: 'ParticipantLeft', userId: HOST.userId, reason: 'LEFT', at: T0 })
  refused(t, session, feedback(), PATIENT, 400, 'No doctor found in this session')
})

t.test('the observer side of a round is done once one of several observers has scored, or when there is none', async (t) => {
  const { observerFeedbackStatus } = await import('../../schemas/session/feedback-rules.ts')
  const person = (userId: number, role: 'DOCTOR' | 'PATIENT' | 'OBSERVER', hasGivenFeedback = false, active = true) => ({
    userId, name: `P${userId}`, role, active, hasCompleted: hasGivenFeedback, hasGivenFeedback,
  })
  const withPeople = (participants: ReturnType<typeof person>[]) => ({ participants }) as unknown as Parameters<typeof observerFeedbackStatus>[0]
  t.same(observerFeedbackStatus(withPeople([person(1, 'DOCTOR'), person(2, 'PATIENT')])), { hasObserver: false, observerHasGivenFeedback: true, observerCount: 0 })
  t.same(observerFeedbackStatus(withPeople([person(3, 'OBSERVER'), person(4, 'OBSERVER')])), { hasObserver: true, observerHasGivenFeedback: false, observerCount: 2 })
  t.same(observerFeedbackStatus(withPeople([person(3, 'OBSERVER', true), person(4, 'OBSERVER')])), { hasObserver: true, observerHasGivenFeedback: true, observerCount: 2 })
  t.same(observerFeedbackStatus(withPeople([person(3, 'OBSERVER', false, false)])).hasObserver, false, 'an observer who left does not count')
})

t.test('SubmitFeedback: someone who arrived in the feedback phase has nothing to score, and is not waited for', async (t) => {
  const session = roomOfThree().run({ type: 'Start' }, HOST).run({ type: 'SkipPhase' }, HOST)
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
  t.match(session.state.participants.find((p) => p.userId === SECOND_OBSERVER.userId), { joinedAfterConsultation: false }, 'joined during the consultation: saw it')
  session.run({ type: 'SkipPhase' }, HOST)
  const late: Actor = { userId: 5, name: 'Lee Late', isAdmin: false }
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, late)
  t.match(session.state.participants.find((p) => p.userId === late.userId), { joinedAfterConsultation: true })
  refused(t, session, feedback(), late, 409, JOINED_AFTER_CONSULTATION)
  t.same(observerFeedbackStatus(session.state), { hasObserver: true, observerHasGivenFeedback: false, observerCount: 2 }, 'the late observer is not counted')

  // The observers who watched have scored and the patient asks for the next case: the late observer scores that one.
  session.run(feedback(), OBSERVER).run(feedback(), SECOND_OBSERVER)
  session.run(feedback({ requestNewCase: true }), PATIENT)
  t.match(session.state, { phase: 'READING', currentRound: 2 })
  t.match(session.state.participants.find((p) => p.userId === late.userId), { joinedAfterConsultation: false })
})

t.test('Complete: a late arrival does not keep the session open once everyone who played has finished', async (t) => {
  const session = inFeedback()
  const late: Actor = { userId: 5, name: 'Lee Late', isAdmin: false }
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, late)
  session.run(feedback(), PATIENT).run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  t.same(session.when({ type: 'Complete' }, HOST).map((e) => e.type), ['ParticipantCompleted', 'SessionEnded'])
})

t.test('a patient who takes the empty seat during feedback is not waited for: the observer who watched moves the round on', async (t) => {
  const newPatient: Actor = { userId: 5, name: 'Nia New', isAdmin: false }
  const waiting = inFeedback().run({ type: 'Leave', reason: 'LEFT' }, PATIENT).run({ type: 'JoinWithRole', role: 'PATIENT' }, newPatient)
  t.match(waiting.state.participants.find((p) => p.userId === newPatient.userId), { joinedAfterConsultation: true })
  refused(t, waiting, feedback({ requestNewCase: true }), newPatient, 409, JOINED_AFTER_CONSULTATION)
  waiting.run(feedback(), OBSERVER)
  t.match(waiting.state, { phase: 'READING', currentRound: 2 }, "the observer's scores were all the round waited for")

  const scoredFirst = inFeedback().run({ type: 'Leave', reason: 'LEFT' }, PATIENT).run(feedback(), OBSERVER)
  t.equal(scoredFirst.state.phase, 'FEEDBACK', 'nobody in the patient seat: nothing moves on yet')
  const joined = scoredFirst.when({ type: 'JoinWithRole', role: 'PATIENT' }, newPatient)
  t.same(joined.map((e) => e.type), ['ParticipantJoined', 'CaseAssigned', 'PhaseStarted'], 'the join starts the next case at once')
  t.match(joined[1], { round: 2 })

  const doctorDone = inFeedback().run({ type: 'Leave', reason: 'LEFT' }, PATIENT).run({ type: 'Complete' }, HOST)
  doctorDone.run({ type: 'JoinWithRole', role: 'PATIENT' }, newPatient)
  t.same(doctorDone.when(feedback(), OBSERVER).map((e) => e.type), ['FeedbackSubmitted', 'SessionEnded'], 'once the doctor has completed, nothing more is played')
})

t.test('someone back in the feedback phase after missing the whole case scores nothing of it; back earlier, they do', async (t) => {
  const session = inConsultation().run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER).run({ type: 'SkipPhase' }, HOST)
  session.run(feedback(), OBSERVER).run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  session.run(feedback(), SECOND_OBSERVER).run(feedback({ requestNewCase: true }), PATIENT)
  t.match(session.state, { phase: 'READING', currentRound: 2 })
  const away = session.state.participants.find((p) => p.userId === OBSERVER.userId)
  t.match(away, { active: false, joinedAfterConsultation: true }, 'away when the case began')

  const backLate = copyOf(session).run({ type: 'SkipPhase' }, HOST).run({ type: 'SkipPhase' }, HOST)
  backLate.run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
  refused(t, backLate, feedback(), OBSERVER, 409, JOINED_AFTER_CONSULTATION)

  const backInTime = copyOf(session).run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
  backInTime.run({ type: 'SkipPhase' }, HOST).run({ type: 'SkipPhase' }, HOST)
  t.equal(backInTime.when(feedback(), OBSERVER)[0].type, 'FeedbackSubmitted', 'back during the reading: saw the consultation')
})

function copyOf(session: Session): Session {
  const copy = new Session()
  copy.events.push(...session.events)
  return copy
}
