import t from 'tap'
import {
  applyEvent,
  CorruptSessionLogError,
  replay,
  replaySnapshot,
  STATE_OF_PHASE,
  type SessionEvent,
  type SessionState,
} from '../../schemas/session/index.ts'
import { feedback, HOST, inFeedback, inReading, MINUTE, OBSERVER, PATIENT, T0, topicConfig } from './fixtures.ts'

const fold = (events: SessionEvent[]) => events.reduce<SessionState | null>((state, event) => applyEvent(state, event), null)

/** Two full rounds with a role change, a timer expiry and a completion: every event type but TopicAdded/TopicSelectionNeeded. */
function twoRounds() {
  return inFeedback(topicConfig('Cardiology'))
    .run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
    .after(2 * MINUTE)
    .run({ type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 }, HOST)
    .run({ type: 'SkipPhase' }, PATIENT)
    .run(feedback(), HOST)
    .run({ type: 'Complete' }, PATIENT)
    .run(feedback(), OBSERVER)
}

t.test('an empty log is no session', async (t) => {
  t.equal(replay([]), null)
  t.equal(replaySnapshot([]), null)
})

t.test('replay through the machine equals the fold of applyEvent, at every version', async (t) => {
  const { events } = twoRounds()
  for (let version = 1; version <= events.length; version++) {
    const prefix = events.slice(0, version)
    t.same(replay(prefix), fold(prefix), `version ${version}`)
  }
  const state = replay(events)
  t.match(state, { status: 'COMPLETED', endedReason: 'All participants have completed their sessions', currentRound: 2, version: events.length })
})

t.test('topic exhaustion and a new topic replay the same way', async (t) => {
  const { events } = inReading()
    .run({ type: 'NewCase' }, HOST)
    .run({ type: 'NewCase' }, HOST)
    .run({ type: 'SelectNewTopic', topic: 'Neurology' }, HOST)
  t.same(events.slice(-4).map((e) => e.type), ['TopicSelectionNeeded', 'TopicAdded', 'CaseAssigned', 'PhaseStarted'])
  t.same(replay(events), fold(events))
  t.match(replay(events), { caseId: 31, usedCaseIds: [11, 12, 31], config: { selectedTopics: ['Cardiology', 'Neurology'] } })
})

t.test('the machine\'s state always names the phase', async (t) => {
  const { events } = twoRounds()
  const visited: string[] = []
  for (let version = 1; version <= events.length; version++) {
    const snapshot = replaySnapshot(events.slice(0, version))!
    t.equal(snapshot.value, STATE_OF_PHASE[snapshot.context.phase])
    if (visited.at(-1) !== snapshot.value) visited.push(snapshot.value as string)
  }
  t.same(visited, ['waiting', 'reading', 'consultation', 'feedback', 'reading', 'consultation', 'feedback', 'completed'])
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
  t.throws(() => applyEvent(null, events[1]), CorruptSessionLogError)
  t.throws(() => applyEvent(replay(events), events[0]), CorruptSessionLogError)
})
