import t from 'tap'
import { FEEDBACK_TIMEOUT_SECONDS } from '../../schemas/session/index.ts'
import { ADMIN, HOST, inConsultation, inFeedback, inReading, MINUTE, OBSERVER, PATIENT, refused, roomOfThree, T0, topicConfig } from './fixtures.ts'

t.test('SkipPhase: reading -> consultation with the consultation clock', async (t) => {
  const session = inReading().after(30_000)
  t.same(session.when({ type: 'SkipPhase' }, HOST), [
    { type: 'PhaseStarted', phase: 'CONSULTATION', startTimestamp: T0 + 30_000, durationSeconds: 8 * 60, at: T0 + 30_000 },
  ])
})

t.test('SkipPhase: consultation -> feedback arms the 20-minute feedback timeout (deliberate change)', async (t) => {
  const session = inConsultation().after(MINUTE)
  t.same(session.when({ type: 'SkipPhase' }, HOST), [
    { type: 'PhaseStarted', phase: 'FEEDBACK', startTimestamp: T0 + MINUTE, durationSeconds: FEEDBACK_TIMEOUT_SECONDS, at: T0 + MINUTE },
  ])
  session.run({ type: 'SkipPhase' }, HOST)
  t.same(session.state.timer, { phase: 'FEEDBACK', startTimestamp: T0 + MINUTE, durationSeconds: 1200 })
})

t.test('SkipPhase: the doctor or an admin; nothing to skip outside reading and consultation', async (t) => {
  refused(t, inReading(), { type: 'SkipPhase' }, PATIENT, 403, 'Only the doctor can control the session')
  refused(t, inReading(), { type: 'SkipPhase' }, OBSERVER, 403, 'Only the doctor can control the session')
  t.match(inReading().when({ type: 'SkipPhase' }, ADMIN), [{ type: 'PhaseStarted', phase: 'CONSULTATION' }], 'an admin may unblock a room')
  refused(t, roomOfThree(), { type: 'SkipPhase' }, HOST, 409, 'Nothing to skip in this phase')
  refused(t, inFeedback(), { type: 'SkipPhase' }, HOST, 409, 'Nothing to skip in this phase')
})

t.test('ExpireTimer: each clock ends its phase at the deadline', async (t) => {
  const session = inReading()
  const reading = { type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 } as const
  t.same(session.after(2 * MINUTE - 1).when(reading, ADMIN), [], 'a millisecond early: nothing')
  session.after(1).run(reading, ADMIN)
  t.match(session.state, { phase: 'CONSULTATION', timer: { phase: 'CONSULTATION', startTimestamp: T0 + 2 * MINUTE, durationSeconds: 480 } })

  session.after(8 * MINUTE).run({ type: 'ExpireTimer', phase: 'CONSULTATION', startTimestamp: T0 + 2 * MINUTE }, ADMIN)
  t.match(session.state, { phase: 'FEEDBACK', timer: { phase: 'FEEDBACK', startTimestamp: T0 + 10 * MINUTE, durationSeconds: 1200 } })

  session.after(20 * MINUTE).run({ type: 'ExpireTimer', phase: 'FEEDBACK', startTimestamp: T0 + 10 * MINUTE }, ADMIN)
  t.match(session.state, { status: 'COMPLETED', phase: 'COMPLETED', timer: null, endedReason: 'Feedback phase timeout - session auto-completed' })
})

t.test('ExpireTimer: a stale, duplicate or mismatched expiry is a no-op, never an error', async (t) => {
  const session = inReading().after(2 * MINUTE)
  const expiry = { type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 } as const
  session.run(expiry, ADMIN)
  const version = session.state.version
  t.same(session.after(MINUTE).when(expiry, ADMIN), [], 'the second server instance finds nothing to do')
  t.same(session.when({ type: 'ExpireTimer', phase: 'CONSULTATION', startTimestamp: T0 }, ADMIN), [], 'another clock\'s start')
  t.same(session.when({ type: 'ExpireTimer', phase: 'FEEDBACK', startTimestamp: T0 + 2 * MINUTE }, ADMIN), [], 'another phase')
  t.equal(session.state.version, version)

  const skipped = inReading().after(10_000).run({ type: 'SkipPhase' }, HOST).after(5 * MINUTE)
  t.same(skipped.when(expiry, ADMIN), [], 'the doctor skipped before the reading deadline')
  const ended = inReading().run({ type: 'End' }, HOST).after(5 * MINUTE)
  t.same(ended.when(expiry, ADMIN), [], 'racing the end of the session')
})

t.test('NewCase: another case of the same category, same round, reading restarts', async (t) => {
  const session = inReading().after(MINUTE)
  t.same(session.when({ type: 'NewCase' }, HOST), [
    { type: 'CaseAssigned', caseId: 12, round: 1, at: T0 + MINUTE },
    { type: 'PhaseStarted', phase: 'READING', startTimestamp: T0 + MINUTE, durationSeconds: 120, at: T0 + MINUTE },
  ])
  session.run({ type: 'NewCase' }, HOST)
  t.match(session.state, { caseId: 12, currentRound: 1, usedCaseIds: [11, 12], timer: { startTimestamp: T0 + MINUTE } })
})

t.test('NewCase: topic exhausted -> the categories that still have cases (never Random, never empty ones)', async (t) => {
  const session = inReading().run({ type: 'NewCase' }, HOST)
  t.same(session.when({ type: 'NewCase' }, HOST), [
    { type: 'TopicSelectionNeeded', completedTopic: 'Cardiology', availableTopics: ['Respiratory', 'Neurology'], at: T0 },
  ])
  session.run({ type: 'NewCase' }, HOST)
  t.match(session.state, { phase: 'READING', caseId: 12 }, 'the room keeps its case while the doctor chooses')
})

t.test('NewCase: everything played -> the session ends with congratulations', async (t) => {
  const session = inReading({ sessionType: 'TOPIC', selectedTopics: ['Random'], recallStartDate: null, recallEndDate: null, readingTime: 2, consultationTime: 8, timingType: 'STOPWATCH' })
  for (let played = 1; played < 5; played++) session.run({ type: 'NewCase' }, HOST)
  t.same(session.state.usedCaseIds, [11, 12, 21, 22, 31], 'Random draws from every category and never repeats')
  t.same(session.when({ type: 'NewCase' }, HOST), [
    { type: 'SessionEnded', reason: '🎊 Congratulations! You have completed all available cases in this session.', at: T0 },
  ])
})

t.test('NewCase: recall range exhausted -> the session ends', async (t) => {
  const session = inReading({ sessionType: 'RECALL', selectedTopics: [], recallStartDate: '2024-01-15', recallEndDate: '2024-03-01', readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
  t.equal(session.state.caseId, 11)
  session.run({ type: 'NewCase' }, HOST)
  t.equal(session.state.caseId, 12)
  t.same(session.when({ type: 'NewCase' }, HOST), [
    { type: 'SessionEnded', reason: '🎊 Congratulations! You have completed all available cases in the selected recall date range.', at: T0 },
  ])
})

t.test('NewCase: the doctor only, and not once the consultation runs', async (t) => {
  refused(t, inReading(), { type: 'NewCase' }, PATIENT, 403, 'Only the doctor can control the session')
  refused(t, inConsultation(), { type: 'NewCase' }, HOST, 409, 'A new case can only be chosen before the consultation starts')
  refused(t, inFeedback(), { type: 'NewCase' }, HOST, 409, 'A new case can only be chosen before the consultation starts')
  t.same(roomOfThree().when({ type: 'NewCase' }, HOST), [{ type: 'CaseAssigned', caseId: 12, round: 1, at: T0 }], 'while waiting: another case, no start')
  t.same(roomOfThree().when({ type: 'SelectNewTopic', topic: 'Neurology' }, HOST), [
    { type: 'TopicAdded', topic: 'Neurology', at: T0 },
    { type: 'CaseAssigned', caseId: 31, round: 1, at: T0 },
  ])
})

t.test('SelectNewTopic: adds the topic, plays one of its cases, same round', async (t) => {
  const session = inReading().run({ type: 'NewCase' }, HOST).run({ type: 'NewCase' }, HOST).after(MINUTE)
  t.same(session.when({ type: 'SelectNewTopic', topic: 'Respiratory' }, HOST), [
    { type: 'TopicAdded', topic: 'Respiratory', at: T0 + MINUTE },
    { type: 'CaseAssigned', caseId: 21, round: 1, at: T0 + MINUTE },
    { type: 'PhaseStarted', phase: 'READING', startTimestamp: T0 + MINUTE, durationSeconds: 120, at: T0 + MINUTE },
  ])
  session.run({ type: 'SelectNewTopic', topic: 'Respiratory' }, HOST).run({ type: 'NewCase' }, HOST)
  t.match(session.state, { caseId: 22, config: { selectedTopics: ['Cardiology', 'Respiratory'] } }, 'the next new case stays in the new topic')
})

t.test('SelectNewTopic: only a category with cases left, by the doctor', async (t) => {
  const session = inReading().run({ type: 'NewCase' }, HOST)
  for (const topic of ['Cardiology', 'Dermatology', 'Random', 'Nonsense']) {
    refused(t, session, { type: 'SelectNewTopic', topic }, HOST, 400, `No cases found for topic: ${topic}`)
  }
  refused(t, session, { type: 'SelectNewTopic', topic: 'Respiratory' }, OBSERVER, 403, 'Only the doctor can control the session')
})

t.test('SelectNewTopic: a topic already among the session\'s topics is not added twice', async (t) => {
  const session = inReading(topicConfig('Cardiology', 'Respiratory'))
  const played = [session.state.caseId]
  for (let change = 0; change < 3; change++) played.push(session.run({ type: 'NewCase' }, HOST).state.caseId)
  t.same(played, [11, 21, 12, 22], 'New Case takes the chosen topics in turn')
  t.match(session.when({ type: 'NewCase' }, HOST), [{ type: 'TopicSelectionNeeded', completedTopic: 'Cardiology, Respiratory', availableTopics: ['Neurology'] }])
  session.run({ type: 'NewCase' }, HOST)
  session.catalog = [...session.catalog, { id: 23, categoryName: 'Respiratory', recallDates: [] }]
  t.same(session.when({ type: 'SelectNewTopic', topic: 'Respiratory' }, HOST).map((e) => e.type), ['CaseAssigned', 'PhaseStarted'], 'a case added to a chosen topic meanwhile')
})

t.test('SelectNewTopic: a choice made after the reading clock ran out still opens the new case\'s reading', async (t) => {
  const session = inReading().run({ type: 'NewCase' }, HOST).run({ type: 'NewCase' }, HOST)
  t.equal(session.state.topicChoicePending, true)
  session.after(2 * MINUTE).run({ type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 }, ADMIN)
  t.equal(session.state.phase, 'CONSULTATION', 'the old case\'s consultation began while the doctor was choosing')
  refused(t, session, { type: 'SelectNewTopic', topic: 'Respiratory' }, PATIENT, 403, 'Only the doctor can control the session')
  t.same(session.when({ type: 'SelectNewTopic', topic: 'Respiratory' }, HOST), [
    { type: 'TopicAdded', topic: 'Respiratory', at: T0 + 2 * MINUTE },
    { type: 'CaseAssigned', caseId: 21, round: 1, at: T0 + 2 * MINUTE },
    { type: 'PhaseStarted', phase: 'READING', startTimestamp: T0 + 2 * MINUTE, durationSeconds: 120, at: T0 + 2 * MINUTE },
  ])
  session.run({ type: 'SelectNewTopic', topic: 'Respiratory' }, HOST)
  t.equal(session.state.topicChoicePending, false, 'answered')
  session.run({ type: 'SkipPhase' }, HOST)
  refused(t, session, { type: 'SelectNewTopic', topic: 'Neurology' }, HOST, 409, 'A new case can only be chosen before the consultation starts')
})
