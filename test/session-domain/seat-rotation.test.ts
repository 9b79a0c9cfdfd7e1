import t from 'tap'
import { evolve, type SessionEvent, type SessionRole, type SessionState } from '../../schemas/session/index.ts'
import { ROTATION_NEEDS_THREE, SWAP_OR_ROTATE } from '../../schemas/session/seat-rotation.ts'
import { created, feedback, HOST, inFeedback, OBSERVER, PATIENT, refused, SECOND_OBSERVER, T0, topicConfig, type Session } from './fixtures.ts'

const rotate = feedback({ requestSeatRotation: true })
const seats = (state: SessionState) => Object.fromEntries(state.participants.map((p) => [p.userId, p.role]))
const holder = (session: Session, role: SessionRole) => [HOST, PATIENT, OBSERVER].find((a) => a.userId === session.state.participants.find((p) => p.active && p.role === role)?.userId)!

/** The doctor of the round ends its consultation, so the room is scoring it. */
function toFeedback(session: Session): Session {
  const doctor = holder(session, 'DOCTOR')
  return session.run({ type: 'SkipPhase' }, doctor).run({ type: 'SkipPhase' }, doctor)
}

t.test('"Submit & Rotate Seats" over three rounds gives each of three people every seat', async (t) => {
  const session = inFeedback(topicConfig('Random'))
  const seen = new Map<number, Set<SessionRole>>([[1, new Set(['DOCTOR'])], [2, new Set(['PATIENT'])], [3, new Set(['OBSERVER'])]])
  // Round 1 the patient asks, round 2 the observer does, round 3 the patient again: either giver may.
  const askers: SessionRole[] = ['PATIENT', 'OBSERVER', 'PATIENT']
  for (const [index, askerRole] of askers.entries()) {
    const round = index + 1
    const asker = holder(session, askerRole)
    session.run(feedback(), holder(session, askerRole === 'PATIENT' ? 'OBSERVER' : 'PATIENT'))
    const events = session.when(rotate, asker)
    t.same(events.map((e) => e.type), ['FeedbackSubmitted', 'SeatsRotated', 'CaseAssigned', 'PhaseStarted'], `round ${round}: rotated, and the next case opens`)
    const before = seats(session.state)
    session.events.push(...events)
    const after = seats(session.state)
    for (const id of [1, 2, 3]) {
      const moved = { DOCTOR: 'OBSERVER', PATIENT: 'DOCTOR', OBSERVER: 'PATIENT' }[before[id]]
      t.equal(after[id], moved, `round ${round}: user ${id} moves from ${before[id]} to ${moved}`)
      seen.get(id)!.add(after[id])
    }
    t.match(session.state, { currentRound: round + 1, phase: 'READING' })
    t.ok(session.state.participants.every((p) => !p.hasGivenFeedback && !p.hasCompleted), 'everyone starts the new case afresh')
    toFeedback(session)
  }
  for (const [id, roles] of seen) t.same([...roles].sort(), ['DOCTOR', 'OBSERVER', 'PATIENT'], `user ${id} sat in every seat`)
  t.same(seats(session.state), { 1: 'DOCTOR', 2: 'PATIENT', 3: 'OBSERVER' }, 'after three rotations everyone is back where they began')
})

t.test('the rotation event names each new seat, and the feedback still goes to the doctor who was scored', async (t) => {
  const events = inFeedback().run(feedback(), PATIENT).when(rotate, OBSERVER)
  t.match(events[0], { type: 'FeedbackSubmitted', fromUserId: 3, fromRole: 'OBSERVER', toUserId: 1, round: 1 })
  t.same(events[1], { type: 'SeatsRotated', newDoctorUserId: 2, newPatientUserId: 3, newObserverUserId: 1, at: T0 })
})

t.test('requestNewCase stays the patient\'s: an observer asks for rotation without it', async (t) => {
  refused(t, inFeedback(), feedback({ requestSeatRotation: true, requestNewCase: true }), OBSERVER, 403, 'Observers cannot request a new case')
  t.same(inFeedback().run(feedback(), OBSERVER).when(feedback({ requestSeatRotation: true, requestNewCase: true }), PATIENT)[1].type, 'SeatsRotated', 'the patient may send both')
})

t.test('bad combinations are refused with a message that says why', async (t) => {
  refused(t, inFeedback(), feedback({ requestSeatRotation: true, requestNewCase: true, requestRoleChange: true }), PATIENT, 400, SWAP_OR_ROTATE)
  refused(t, inFeedback(), rotate, HOST, 403, 'Only the patient or observer can give feedback')

  const pair = created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'Configure', config: topicConfig('Cardiology') }, HOST)
    .run({ type: 'Start' }, HOST)
  refused(t, toFeedback(pair), rotate, PATIENT, 409, ROTATION_NEEDS_THREE)

  const four = inFeedback().run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
  refused(t, four, rotate, PATIENT, 409, ROTATION_NEEDS_THREE)
  const left = inFeedback().run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  refused(t, left, rotate, PATIENT, 409, ROTATION_NEEDS_THREE)
  t.same(left.when(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)[1].type, 'RolesSwapped', 'the spec\'s swap is unchanged for two')
})

t.test('no case left in the topic: the seats rotate and the new doctor picks a topic; the doctor has finished: the seats stay', async (t) => {
  const ranOut = inFeedback(topicConfig('Neurology')).run(feedback(), OBSERVER)
  t.same(ranOut.when(rotate, PATIENT).map((e) => e.type), ['FeedbackSubmitted', 'SeatsRotated', 'PhaseStarted', 'TopicSelectionNeeded'])
  const finished = inFeedback().run({ type: 'Complete' }, HOST)
  t.same(finished.when(rotate, OBSERVER).map((e) => e.type), ['FeedbackSubmitted'])
})

t.test('a log with a rotation replays to the same seats; the swap of old logs replays as before', async (t) => {
  const rotated = inFeedback().run(feedback(), OBSERVER).run(rotate, PATIENT)
  const replayed = rotated.events.reduce<SessionState | null>(evolve, null)!
  t.same(seats(replayed), { 1: 'OBSERVER', 2: 'DOCTOR', 3: 'PATIENT' })
  const swapped = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.notOk(swapped.events.some((e: SessionEvent) => e.type === 'SeatsRotated'))
  t.same(seats(swapped.state), { 1: 'PATIENT', 2: 'DOCTOR', 3: 'OBSERVER' })
})
