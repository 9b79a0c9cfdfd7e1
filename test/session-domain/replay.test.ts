import t from 'tap'
import { initialTransition, transition } from 'xstate'
import {
  CorruptSessionLogError,
  evolve,
  sessionMachine,
  stateOfPhase,
  type SessionEvent,
  type SessionState,
} from '../../schemas/session/index.ts'
import { feedback, HOST, inFeedback, inReading, MINUTE, OBSERVER, PATIENT, T0, topicConfig } from './fixtures.ts'

const replay = (events: SessionEvent[]) => events.reduce<SessionState | null>(evolve, null)

/**
 * Two full rounds with a role change, the second round waiting for the observer to come back, a timer expiry and
 * a completion: every event type but TopicAdded/TopicSelectionNeeded.
 */
function twoRounds() {
  const session = inFeedback(topicConfig('Cardiology')).run(feedback(), OBSERVER)
  session.away.add(OBSERVER.userId)
  session.run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  session.away.delete(OBSERVER.userId)
  return session
    .run({ type: 'Start', onceEveryoneIn: true }, HOST)
    .after(2 * MINUTE)
    .run({ type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 }, HOST)
    .run({ type: 'SkipPhase' }, PATIENT)
    .run(feedback(), HOST)
    .run({ type: 'Complete' }, PATIENT)
    .run(feedback(), OBSERVER)
}

t.test('an empty log is no session', async (t) => {
  t.equal(replay([]), null)
})

t.test('a whole log folds to the end of its session', async (t) => {
  const { events } = twoRounds()
  t.match(replay(events), { status: 'COMPLETED', endedReason: 'All participants have completed their sessions', currentRound: 2, version: events.length })
})

t.test('topic exhaustion and a new topic replay the same way', async (t) => {
  const { events } = inReading()
    .run({ type: 'NewCase' }, HOST)
    .run({ type: 'NewCase' }, HOST)
    .run({ type: 'SelectNewTopic', topic: 'Neurology' }, HOST)
  t.same(events.slice(-4).map((e) => e.type), ['TopicSelectionNeeded', 'TopicAdded', 'CaseAssigned', 'PhaseStarted'])
  t.match(replay(events), { caseId: 31, usedCaseIds: [11, 12, 31], config: { selectedTopics: ['Cardiology', 'Neurology'] } })
})

t.test('the machine driven by the stored events is always in the folded state\'s phase', async (t) => {
  const { events } = twoRounds()
  const visited: string[] = []
  let [snapshot] = initialTransition(sessionMachine)
  let state: SessionState | null = null
  for (const event of events) {
    ;[snapshot] = transition(sessionMachine, snapshot, event)
    state = evolve(state, event)
    t.equal(snapshot.value, stateOfPhase(state), `after ${event.type} (version ${state.version})`)
    if (visited.at(-1) !== snapshot.value) visited.push(snapshot.value as string)
  }
  t.same(visited, ['waiting', 'reading', 'consultation', 'feedback', 'waiting', 'reading', 'consultation', 'feedback', 'completed'])
})

t.test('replay never re-draws: the chosen case is in the log', async (t) => {
  const session = inReading(topicConfig('Random'))
  session.draw = 0.99
  session.run({ type: 'NewCase' }, HOST)
  t.equal(replay(session.events)?.caseId, 31)
  t.equal(replay(session.events)?.caseId, 31)
})

t.test('a log no decision could produce is refused loudly', async (t) => {
  const { events } = inReading()
  t.throws(() => replay(events.slice(1)), CorruptSessionLogError)
  t.throws(() => replay([...events, events[0]]), CorruptSessionLogError)
  t.throws(() => evolve(null, events[1]), CorruptSessionLogError)
  t.throws(() => evolve(replay(events), events[0]), CorruptSessionLogError)
})
