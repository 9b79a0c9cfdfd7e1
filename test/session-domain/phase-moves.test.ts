/**
 * The session machine is the phase model (issue 31): of the 25 moves between its five phases it allows exactly
 * the legal ones, the fold refuses every other with an error naming the session and the version, and every log an
 * earlier release wrote still folds.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { initialTransition, transition } from 'xstate'
import { CorruptSessionLogError, evolve, sessionMachine, stateOfPhase, type Phase, type SessionEvent, type SessionState } from '../../schemas/session/index.ts'
import { isLegalMove, snapshotInPhase } from '../../schemas/session/machine.ts'
import { HOST, inConsultation, inFeedback, inReading, roomOfThree, T0 } from './fixtures.ts'

const PHASES: Phase[] = ['WAITING', 'READING', 'CONSULTATION', 'FEEDBACK', 'COMPLETED']

/** Written out here, apart from the machine, so that a change to the machine's moves has to change this too. */
const LEGAL = new Set([
  'WAITING -> READING',
  'READING -> READING',
  'READING -> CONSULTATION',
  'CONSULTATION -> FEEDBACK',
  'CONSULTATION -> READING',
  'FEEDBACK -> WAITING',
  'FEEDBACK -> READING',
])

const sessionIn: Record<Phase, () => SessionState> = {
  WAITING: () => roomOfThree().state,
  READING: () => inReading().state,
  CONSULTATION: () => inConsultation().state,
  FEEDBACK: () => inFeedback().state,
  COMPLETED: () => inReading().run({ type: 'End' }, HOST).state,
}

const started = (phase: Phase): SessionEvent => ({ type: 'PhaseStarted', phase, startTimestamp: T0, durationSeconds: 60, at: T0 })

t.test('of every move between two phases, the machine allows the legal ones and nothing else', async (t) => {
  for (const from of PHASES) {
    for (const to of PHASES) {
      const move = `${from} -> ${to}`
      t.equal(isLegalMove(from, to), LEGAL.has(move), move)
      if (LEGAL.has(move)) continue
      const [after] = transition(sessionMachine, snapshotInPhase(from), started(to))
      t.equal(after.value, snapshotInPhase(from).value, `${move} leaves the machine where it was`)
    }
  }
})

t.test('the fold refuses a phase the machine cannot reach, naming the session and the version', async (t) => {
  for (const from of PHASES) {
    const state = sessionIn[from]()
    t.equal(state.phase, from)
    for (const to of PHASES.filter((to) => !LEGAL.has(`${from} -> ${to}`))) {
      t.throws(() => evolve(state, started(to)), new CorruptSessionLogError(`Session ${state.code}, version ${state.version + 1}: PhaseStarted cannot move it from ${from} to ${to}`))
    }
  }
})

t.test('a session ends from any phase in play, and only once', async (t) => {
  const ended: SessionEvent = { type: 'SessionEnded', reason: 'Ended', at: T0 }
  for (const from of PHASES.filter((phase) => phase !== 'COMPLETED')) t.equal(evolve(sessionIn[from](), ended).phase, 'COMPLETED', `from ${from}`)
  t.throws(() => evolve(sessionIn.COMPLETED(), ended), CorruptSessionLogError)
})

/**
 * Logs the release before issue 29 wrote (commit 4510129), recorded by its own property test with
 * RECORD_SESSION_LOGS set: 300 random sessions, among them the moves since retired (feedback straight to reading).
 */
t.test("every log the previous release wrote still folds, the machine following it", async (t) => {
  const logs = JSON.parse(gunzipSync(readFileSync(new URL('./logs/release-4510129.json.gz', import.meta.url))).toString()) as SessionEvent[][]
  t.equal(logs.length, 300)
  const moves = new Set<string>()
  for (const log of logs) {
    let state: SessionState | null = null
    let [machine] = initialTransition(sessionMachine)
    for (const event of log) {
      if (state && event.type === 'PhaseStarted') moves.add(`${state.phase} -> ${event.phase}`)
      state = evolve(state, event)
      ;[machine] = transition(sessionMachine, machine, event)
      if (machine.value !== stateOfPhase(state)) t.fail(`session ${state.code}: the machine is in ${String(machine.value)}, the session in ${state.phase}`)
    }
  }
  t.same([...moves].sort(), [...LEGAL].filter((move) => move !== 'FEEDBACK -> WAITING').sort(), 'the logs hold every move of that release')
})
