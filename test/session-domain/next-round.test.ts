/**
 * Issue 29: what follows a case's feedback waits until nobody is still scoring, whatever the order of the clicks,
 * and the next round's clock waits until everyone in a seat has the room open.
 */
import t from 'tap'
import { awaitingNextRound, combinedRequest, stillScoring } from '../../schemas/session/next-round.ts'
import { capabilitiesOf } from '../../schemas/session/capabilities.ts'
import { created, feedback, HOST, inFeedback, OBSERVER, PATIENT, refused, T0, topicConfig } from './fixtures.ts'

const types = (events: { type: string }[]) => events.map((e) => e.type)
const seats = (session: ReturnType<typeof inFeedback>) => session.state.participants.map((p) => [p.userId, p.role])
const rotate = feedback({ requestSeatRotation: true })

for (const [first, second] of [
  [PATIENT, OBSERVER],
  [OBSERVER, PATIENT],
]) {
  t.test(`both scorers press "Submit & Rotate Seats", ${first.name} first: both marks are kept, then the seats rotate`, async (t) => {
    const session = inFeedback()
    const firstEvents = session.when(rotate, first)
    t.same(types(firstEvents), ['FeedbackSubmitted'], 'the first submit moves nothing on: the other is still scoring')
    t.equal(firstEvents[0].type === 'FeedbackSubmitted' && firstEvents[0].nextRound, 'SEAT_ROTATION', 'the request is stored with the marks')
    session.run(rotate, first)
    t.same(stillScoring(session.state.participants).map((p) => p.userId), [second.userId], 'the room says whom it waits for')
    t.equal(session.state.phase, 'FEEDBACK')

    const secondEvents = session.when(rotate, second)
    t.same(types(secondEvents), ['FeedbackSubmitted', 'SeatsRotated', 'CaseAssigned', 'PhaseStarted'])
    session.run(rotate, second)
    t.same(seats(session), [[1, 'OBSERVER'], [2, 'DOCTOR'], [3, 'PATIENT']])
    t.match(session.state, { phase: 'READING', currentRound: 2 }, 'everyone is in the room: reading starts at once')
  })
}

t.test('one asks for rotation and the other closes: the rotation waits for the close, then happens', async (t) => {
  const session = inFeedback().run(rotate, OBSERVER)
  t.same(types(session.when(feedback(), PATIENT)), ['FeedbackSubmitted', 'SeatsRotated', 'CaseAssigned', 'PhaseStarted'])
})

t.test('a scorer who leaves, or exits without scoring, is no longer waited for', async (t) => {
  const left = inFeedback().run(feedback({ requestNewCase: true }), PATIENT)
  t.same(types(left.when({ type: 'Leave', reason: 'LEFT' }, OBSERVER)), ['ParticipantLeft', 'CaseAssigned', 'PhaseStarted'])
  const closed = inFeedback().run(feedback({ requestNewCase: true }), PATIENT)
  t.same(types(closed.when({ type: 'Complete' }, OBSERVER)), ['ParticipantCompleted', 'CaseAssigned', 'PhaseStarted'])
})

t.test('the next round waits, clock stopped, for a seat not in the room; it starts when they come back', async (t) => {
  const session = inFeedback().run(rotate, PATIENT)
  session.away.add(OBSERVER.userId)
  const events = session.when(feedback(), OBSERVER)
  t.same(events.slice(-1), [{ type: 'PhaseStarted', phase: 'WAITING', startTimestamp: T0, durationSeconds: 0, at: T0 }])
  session.run(feedback(), OBSERVER)
  t.match(session.state, { phase: 'WAITING', status: 'IN_PROGRESS', currentRound: 2, timer: null })
  t.ok(awaitingNextRound(session.state))
  t.same(session.when({ type: 'Start', onceEveryoneIn: true }, HOST), [], 'the server\'s start does nothing while someone is away')

  session.away.delete(OBSERVER.userId)
  t.same(types(session.when({ type: 'Start', onceEveryoneIn: true }, HOST)), ['PhaseStarted'], 'back in the room: reading starts')
  session.run({ type: 'Start', onceEveryoneIn: true }, HOST)
  t.match(session.state, { phase: 'READING', timer: { phase: 'READING', startTimestamp: T0 } })
})

t.test('the doctor of the waiting round may start it knowingly; the others may not; no reconfiguring', async (t) => {
  const session = inFeedback().run(rotate, PATIENT)
  session.away.add(HOST.userId)
  session.run(rotate, OBSERVER)
  // Rotated: the patient (2) is the doctor now, the host (1) the observer, away.
  t.equal(session.state.phase, 'WAITING')
  refused(t, session, { type: 'Start' }, OBSERVER, 403, 'Only the host can start the session')
  refused(t, session, { type: 'Configure', config: topicConfig('Respiratory') }, HOST, 409, 'The session can only be configured before it starts')
  t.same(types(session.when({ type: 'Start' }, PATIENT)), ['PhaseStarted'], 'the new doctor starts without the host')
  t.same(types(session.when({ type: 'Start' }, HOST)), ['PhaseStarted'], 'the host may start too, as the spec\'s client does')
  // What the room shows is the same rule: the Start button for the new doctor and the host, not the observer.
  const mayStart = (seat: 'DOCTOR' | 'OBSERVER', isHost: boolean, status: 'IN_PROGRESS' | 'CREATED' = 'IN_PROGRESS') =>
    capabilitiesOf({ phase: 'WAITING', status, seat, isHost, isAdmin: false, topicChoicePending: false, inCircuit: false }).Start
  t.same([mayStart('DOCTOR', false), mayStart('OBSERVER', true), mayStart('OBSERVER', false), mayStart('DOCTOR', false, 'CREATED')], [true, true, false, false])
})

t.test('the someone away leaving is enough: the round then starts with those in the room', async (t) => {
  const session = inFeedback().run(feedback({ requestNewCase: true }), PATIENT)
  session.away.add(OBSERVER.userId)
  session.run(feedback(), OBSERVER)
  t.equal(session.state.phase, 'WAITING')
  t.same(types(session.when({ type: 'Leave', reason: 'OFFLINE_TOO_LONG' }, OBSERVER)), ['ParticipantLeft', 'PhaseStarted'])
})

t.test('requests add up: rotation over a swap over a new case; a patient who took the seat late asks too', async (t) => {
  const p = (role: 'PATIENT' | 'OBSERVER' | 'DOCTOR', nextRoundRequest: 'NEW_CASE' | 'ROLE_CHANGE' | 'SEAT_ROTATION' | null, joinedAfterConsultation = false) => ({
    role,
    nextRoundRequest,
    joinedAfterConsultation,
  })
  t.equal(combinedRequest([p('DOCTOR', null), p('PATIENT', 'ROLE_CHANGE'), p('OBSERVER', 'SEAT_ROTATION')]), 'SEAT_ROTATION')
  t.equal(combinedRequest([p('DOCTOR', null), p('PATIENT', 'ROLE_CHANGE'), p('OBSERVER', null)]), 'ROLE_CHANGE')
  t.equal(combinedRequest([p('DOCTOR', null), p('OBSERVER', 'SEAT_ROTATION')]), 'NEW_CASE', 'two cannot rotate: the next case, seats as they are')
  t.equal(combinedRequest([p('DOCTOR', null), p('PATIENT', null), p('OBSERVER', null)]), null)
  t.equal(combinedRequest([p('DOCTOR', null), p('PATIENT', null, true)]), 'NEW_CASE')
})

t.test('cases come from every chosen topic in turn', async (t) => {
  const session = inFeedback(topicConfig('Respiratory', 'Cardiology'))
  const playedCategory = () => (session.state.caseId! < 20 ? 'Cardiology' : 'Respiratory')
  const order = [playedCategory()]
  for (let round = 0; round < 3; round++) {
    session.run(feedback(), OBSERVER).run(feedback({ requestNewCase: true }), PATIENT)
    order.push(playedCategory())
    session.run({ type: 'SkipPhase' }, HOST).run({ type: 'SkipPhase' }, HOST)
  }
  t.same(order, ['Cardiology', 'Respiratory', 'Cardiology', 'Respiratory'], 'the first case from any chosen topic, then each in turn')
})

t.test('a topic with no case is refused when configuring, not at Start once the partners have joined', async (t) => {
  const waiting = created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
  refused(t, waiting, { type: 'Configure', config: topicConfig('Cardiology', 'Dermatology') }, HOST, 400, 'No case in Dermatology yet: choose another topic')
  t.same(types(waiting.when({ type: 'Configure', config: topicConfig('Cardiology') }, HOST)), ['SessionConfigured', 'CaseAssigned'])
})
