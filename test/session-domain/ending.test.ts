import t from 'tap'
import { created, feedback, HOST, inConsultation, inFeedback, inReading, OBSERVER, PATIENT, refused, roomOfThree, SECOND_OBSERVER, T0 } from './fixtures.ts'

t.test('Complete in feedback: marks the caller; idempotent; the last one ends the session', async (t) => {
  const session = inFeedback()
  t.same(session.when({ type: 'Complete' }, OBSERVER), [{ type: 'ParticipantCompleted', userId: 3, at: T0 }])
  session.run({ type: 'Complete' }, OBSERVER).run({ type: 'Complete' }, PATIENT)
  t.same(session.when({ type: 'Complete' }, OBSERVER), [], 'already completed: nothing to store')
  t.same(session.when({ type: 'Complete' }, HOST), [
    { type: 'ParticipantCompleted', userId: 1, at: T0 },
    { type: 'SessionEnded', reason: 'All participants have completed their sessions', at: T0 },
  ])
})

t.test('Complete: a participant who has left does not hold the session open', async (t) => {
  const session = created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
    .run({ type: 'Start' }, HOST)
    .run({ type: 'SkipPhase' }, HOST)
    .run({ type: 'SkipPhase' }, HOST)
    .run({ type: 'Leave', reason: 'OFFLINE_TOO_LONG' }, SECOND_OBSERVER)
    .run({ type: 'Complete' }, HOST)
    .run({ type: 'Complete' }, PATIENT)
  t.match(session.when({ type: 'Complete' }, OBSERVER), [{ type: 'ParticipantCompleted' }, { type: 'SessionEnded' }])
})

t.test('Complete outside feedback: the host closes the session, anyone else is refused', async (t) => {
  t.same(inReading().when({ type: 'Complete' }, HOST), [{ type: 'SessionEnded', reason: 'Session completed by host', at: T0 }])
  t.same(roomOfThree().when({ type: 'Complete' }, HOST), [{ type: 'SessionEnded', reason: 'Session completed by host', at: T0 }])
  refused(t, inConsultation(), { type: 'Complete' }, PATIENT, 409, 'You can only complete the session during the feedback phase')
})

t.test('Complete: the host is still the host after handing over the doctor seat', async (t) => {
  const session = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.match(session.state.participants.find((p) => p.userId === HOST.userId), { role: 'PATIENT' })
  t.match(session.when({ type: 'Complete' }, HOST), [{ type: 'SessionEnded', reason: 'Session completed by host' }])
})

t.test('Leave: the room carries on with a doctor and one more', async (t) => {
  const session = inConsultation()
  t.same(session.when({ type: 'Leave', reason: 'LEFT' }, OBSERVER), [{ type: 'ParticipantLeft', userId: 3, reason: 'LEFT', at: T0 }])
  session.run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  t.match(session.state, { phase: 'CONSULTATION', status: 'IN_PROGRESS' })
})

t.test('Leave: fewer than two remaining ends the session', async (t) => {
  const session = inConsultation().run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  t.same(session.when({ type: 'Leave', reason: 'JOINED_ANOTHER_SESSION' }, PATIENT), [
    { type: 'ParticipantLeft', userId: 2, reason: 'JOINED_ANOTHER_SESSION', at: T0 },
    { type: 'SessionEnded', reason: 'Not enough participants remaining: Pia Patient moved to another session', at: T0 },
  ])
  const alone = created()
  t.same(alone.when({ type: 'Leave', reason: 'LEFT' }, HOST).map((e) => e.type), ['ParticipantLeft', 'SessionEnded'], 'a host alone in the waiting room')
})

t.test('Leave: without a doctor the session ends', async (t) => {
  t.same(inReading().when({ type: 'Leave', reason: 'LEFT' }, HOST), [
    { type: 'ParticipantLeft', userId: 1, reason: 'LEFT', at: T0 },
    { type: 'SessionEnded', reason: 'Doctor has left the session', at: T0 },
  ])
})

t.test('Leave: an ended session or a non-participant stores nothing', async (t) => {
  t.same(inReading().run({ type: 'End' }, HOST).when({ type: 'Leave', reason: 'LEFT' }, PATIENT), [])
})

t.test('End: the doctor ends the session from any phase', async (t) => {
  for (const session of [roomOfThree(), inReading(), inConsultation(), inFeedback()]) {
    t.same(session.when({ type: 'End' }, HOST), [{ type: 'SessionEnded', reason: 'Session has been ended by the doctor.', at: T0 }])
  }
  const ended = inFeedback().run({ type: 'End' }, HOST)
  t.match(ended.state, { status: 'COMPLETED', phase: 'COMPLETED', timer: null, endedReason: 'Session has been ended by the doctor.' })
  refused(t, inReading(), { type: 'End' }, PATIENT, 403, 'Only the doctor can end the session')
  refused(t, inReading(), { type: 'End' }, OBSERVER, 403, 'Only the doctor can end the session')
})
