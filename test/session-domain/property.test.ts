/**
 * Random command sequences by random people at random times: whatever is accepted was accepted by the session
 * machine's state, the machine driven by the log stays in the folded state's phase, and the session's
 * invariants hold after every step.
 */
import t from 'tap'
import fc from 'fast-check'
import { writeFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { initialTransition, transition, type SnapshotFrom } from 'xstate'
import {
  caseBankNeeds,
  decide,
  evolve,
  MAX_ACTIVE_PARTICIPANTS,
  phaseAccepts,
  standingOf,
  sessionMachine,
  SessionRuleError,
  stateOfPhase,
  type Actor,
  type DecisionContext,
  type SessionRole,
  type SessionCommand,
  type SessionConfig,
  type SessionEvent,
  type SessionState,
} from '../../schemas/session/index.ts'
import { ADMIN, CATALOG, CATEGORY_NAMES, CRITERIA, HOST, STATION, OBSERVER, PATIENT, recallConfig, scores, SECOND_OBSERVER, STRANGER, T0, topicConfig } from './fixtures.ts'

/**
 * A step names a command and who sends it: mostly "whoever holds this seat now", so that role changes do not
 * leave the generator knocking on the wrong doors; sometimes a fixed person (an outsider, an admin).
 * The timer's expiry is filled in from the state, as the timer service would.
 */
type Who = 'HOST' | SessionRole | Actor
type Step = { who: Who; command: SessionCommand | 'ExpireRunningTimer'; advanceMs: number; draw: number }
const people = [HOST, PATIENT, OBSERVER, SECOND_OBSERVER, STRANGER, ADMIN]

const config = fc.oneof(
  fc.subarray(['Cardiology', 'Respiratory', 'Neurology', 'Dermatology', 'Random'], { minLength: 1 }).map((topics) => topicConfig(...topics)),
  fc.constantFrom(recallConfig('2024-01-01', '2024-06-30'), recallConfig('2023-12-31', '2023-12-31')),
  // A mock exam (issue 33): its clocks, rests, seat moves and pauses go through the same checks.
  fc.constantFrom('ONE' as const, 'EACH_IN_TURN' as const).map((candidate) => ({ ...topicConfig('Random'), circuit: { stations: 4, restStations: 1, changeoverSeconds: 30 as const, candidate } })),
)
/** Weighted so that many sessions play a few rounds before someone ends them. */
const command: fc.Arbitrary<SessionCommand | 'ExpireRunningTimer'> = fc.oneof(
  { weight: 36, arbitrary: fc.constantFrom<SessionCommand['type']>('Start', 'SkipPhase', 'NewCase').map((type) => ({ type }) as SessionCommand) },
  { weight: 2, arbitrary: fc.constant({ type: 'Complete' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'End' } as const) },
  { weight: 8, arbitrary: fc.constantFrom('PATIENT', 'OBSERVER', 'DOCTOR').map((role) => ({ type: 'JoinWithRole', role }) as const) },
  { weight: 1, arbitrary: fc.constantFrom('LEFT', 'OFFLINE_TOO_LONG').map((reason) => ({ type: 'Leave', reason }) as const) },
  { weight: 4, arbitrary: config.map((c) => ({ type: 'Configure', config: c }) as const) },
  { weight: 4, arbitrary: fc.constantFrom(...CATEGORY_NAMES, 'Random').map((topic) => ({ type: 'SelectNewTopic', topic }) as const) },
  {
    weight: 80,
    arbitrary: fc.record({
      type: fc.constant('SubmitFeedback' as const),
      comment: fc.string({ maxLength: 8 }),
      criteriaScores: fc.oneof({ weight: 8, arbitrary: fc.constant(scores()) }, fc.constant(scores(5)), fc.constant(scores().slice(1))),
      requestNewCase: fc.boolean(),
      requestRoleChange: fc.boolean(),
      requestSeatRotation: fc.boolean(),
    }),
  },
  // Issue 32: notes while a station runs, some naming items the case does not have.
  { weight: 4, arbitrary: fc.record({ type: fc.constant('MarkChecklistItem' as const), itemId: fc.constantFrom('c1', 'c2', 'nope'), mark: fc.constantFrom('DONE' as const, 'PARTLY' as const, 'NOT_DONE' as const) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('RevealFact' as const), factId: fc.constantFrom('onset', 'smoking', 'nope'), revealed: fc.boolean() }) },
  { weight: 12, arbitrary: fc.constant('ExpireRunningTimer' as const) },
  { weight: 2, arbitrary: fc.constantFrom<SessionCommand>({ type: 'PauseCircuit', reason: 'A doorbell' }, { type: 'ResumeCircuit' }) },
)
const step: fc.Arbitrary<Step> = fc.record({
  who: fc.oneof({ weight: 6, arbitrary: fc.constantFrom<Who>('HOST', 'DOCTOR', 'PATIENT', 'OBSERVER') }, fc.constantFrom<Who>(...people)),
  command,
  // Mostly quick steps, sometimes long enough for any clock (the feedback one included) to run out.
  advanceMs: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 7, arbitrary: fc.integer({ min: 0, max: 3 * 60_000 }) }, fc.integer({ min: 0, max: 25 * 60_000 })),
  draw: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
})

function whoIs(state: SessionState, who: Who): Actor {
  if (typeof who === 'object') return who
  const userId = who === 'HOST' ? state.hostUserId : state.participants.find((p) => p.active && p.role === who)?.userId
  return people.find((person) => person.userId === userId) ?? STRANGER
}

function resolve(state: SessionState, cmd: Step['command']): SessionCommand {
  if (cmd !== 'ExpireRunningTimer') return cmd
  const timer = state.timer ?? { phase: 'READING' as const, startTimestamp: T0 }
  return { type: 'ExpireTimer', phase: timer.phase, startTimestamp: timer.startTimestamp }
}

function checkInvariants(state: SessionState, events: SessionEvent[], machine: SnapshotFrom<typeof sessionMachine>): string | null {
  const active = state.participants.filter((p) => p.active)
  const ids = state.participants.map((p) => p.userId)
  const ended = state.status === 'COMPLETED'
  const broken = [
    [active.filter((p) => p.role === 'PATIENT').length > 1, 'two active patients'],
    [!ended && active.filter((p) => p.role === 'DOCTOR').length !== 1, 'a running session without exactly one doctor'],
    [new Set(ids).size !== ids.length || !ids.includes(state.hostUserId), 'the host is not exactly one participant'],
    [state.version !== events.length, 'version is not the event count'],
    [new Set(state.usedCaseIds).size !== state.usedCaseIds.length, 'a case played twice'],
    [state.caseId !== null && !state.usedCaseIds.includes(state.caseId), 'the current case is not marked used'],
    [active.length > MAX_ACTIVE_PARTICIPANTS, 'too many people'],
    [ended !== (state.phase === 'COMPLETED'), 'status and phase disagree on the end'],
    [(state.timer?.phase ?? null) !== expectedClock(state), 'the timer is not the phase\'s'],
    [state.circuit?.paused != null && state.circuit.paused.phase !== state.phase, 'a pause of another phase than the one running'],
    [machine.value !== stateOfPhase(state), 'the machine is not in the phase'],
  ] as const
  return broken.find(([isBroken]) => isBroken)?.[1] ?? null
}

/** Which phase's clock runs: reading, consultation and feedback always; a mock exam's rest too; none while it is paused. */
function expectedClock(state: SessionState): string | null {
  if (state.circuit?.paused) return null
  if (['READING', 'CONSULTATION', 'FEEDBACK'].includes(state.phase)) return state.phase
  return state.phase === 'WAITING' && state.circuit && state.status === 'IN_PROGRESS' ? 'WAITING' : null
}

/** Plays the steps, checking after every accepted command (refusals must be SessionRuleErrors); returns the log. */
function play(initialConfig: SessionConfig, started: boolean, steps: Step[]): SessionEvent[] {
  const events: SessionEvent[] = []
  let state: SessionState | null = null
  let [machine] = initialTransition(sessionMachine)
  let now = T0
  const send = (command: SessionCommand, actor: Actor, draw: number) => {
    const ctx: DecisionContext = { now, random: () => draw, catalog: CATALOG, categoryNames: CATEGORY_NAMES, currentCriteria: CRITERIA, currentStation: STATION, inRoom: () => true }
    // The server loads only what caseBankNeeds names: deciding with just that must give the same answer.
    const needs = caseBankNeeds(command, state)
    const trimmed = { ...ctx, catalog: needs.catalog ? CATALOG : [], categoryNames: needs.catalog ? CATEGORY_NAMES : [], currentCriteria: needs.criteria ? CRITERIA : [], currentStation: needs.criteria ? STATION : { checklistIds: [], factIds: [] } }
    const outcome = (context: DecisionContext) => {
      try {
        return decide(state, command, actor, context)
      } catch (error) {
        if (error instanceof SessionRuleError) return error.message
        throw error
      }
    }
    if (!isDeepStrictEqual(outcome(ctx), outcome(trimmed))) throw new Error(`caseBankNeeds misses what ${command.type} reads`)
    let produced: SessionEvent[]
    try {
      produced = decide(state, command, actor, ctx)
    } catch (error) {
      if (error instanceof SessionRuleError) return
      throw error
    }
    if (state?.status === 'COMPLETED' && produced.length > 0) throw new Error('an ended session changed')
    if (produced.some((event) => event.at !== now)) throw new Error('an event not stamped with ctx.now')
    if (state && produced.length > 0 && !phaseAccepts(standingOf(state, actor), command.type)) throw new Error(`${command.type} changed the session in a phase that does not accept it`)
    for (const event of produced) {
      state = evolve(state, event)
      ;[machine] = transition(sessionMachine, machine, event)
    }
    events.push(...produced)
    const broken = checkInvariants(state!, events, machine)
    if (broken) throw new Error(`${broken} after ${JSON.stringify(produced)}`)
  }
  // Every run starts from a room of three, half of them already reading; the random steps take it from there.
  send({ type: 'Create', sessionId: 1, code: 'C', title: 'T', config: initialConfig }, HOST, 0)
  send({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT, 0)
  send({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER, 0)
  if (started) send({ type: 'Start' }, HOST, 0)
  for (const { who, command, advanceMs, draw } of steps) {
    now += advanceMs
    send(resolve(state!, command), whoIs(state!, who), draw)
  }
  return events
}

/**
 * A fixed seed by default: the depth checks below hold for most seeds but not all (about one run in seven fell short
 * of one of them), and CI must not fail by chance. PROPERTY_SEED=<n> explores other sequences.
 */
const seed = Number(process.env.PROPERTY_SEED ?? 20261124)

t.test('random sessions: the machine accepted every change, follows the phase, and the invariants hold', async (t) => {
  const logs: SessionEvent[][] = []
  fc.assert(
    fc.property(config, fc.boolean(), fc.array(step, { minLength: 10, maxLength: 120, size: 'max' }), (initialConfig, started, steps) => {
      logs.push(play(initialConfig, started, steps))
    }),
    { numRuns: 300, seed },
  )
  // RECORD_SESSION_LOGS=<file> keeps this release's logs, for the next release to fold (phase-moves.test.ts).
  if (process.env.RECORD_SESSION_LOGS) writeFileSync(process.env.RECORD_SESSION_LOGS, JSON.stringify(logs))
  // The property is only as good as the depth the generator reaches: make sure whole rounds were played.
  const count = (type: SessionEvent['type']) => logs.flat().filter((event) => event.type === type).length
  const secondRounds = logs.filter((log) => log.some((event) => event.type === 'CaseAssigned' && event.round > 1)).length
  t.ok(count('FeedbackSubmitted') > 80, `${count('FeedbackSubmitted')} feedbacks`)
  t.ok(secondRounds > 15, `${secondRounds} sessions reached a second round`)
  // Fewer than rotations: when both scorers ask, a rotation outranks the patient's swap (next-round.ts).
  t.ok(count('RolesSwapped') > 3, `${count('RolesSwapped')} role swaps`)
  t.ok(count('SeatsRotated') > 5, `${count('SeatsRotated')} seat rotations`)
  t.ok(count('TopicSelectionNeeded') > 5, `${count('TopicSelectionNeeded')} topics ran out`)
  t.ok(count('SessionEnded') > 50, `${count('SessionEnded')} sessions ended`)
})
