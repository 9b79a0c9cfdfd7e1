/**
 * The session's phases and the legal moves between them, as an XState v5 machine: one state per phase (waiting ->
 * reading -> consultation -> feedback -> completed), with a PhaseStarted transition only where the phase may really
 * start next, and SessionEnded from every phase in play. A PhaseStarted the machine does not allow is impossible:
 * the fold refuses it (evolve.ts, `requireLegalMove`), so no decision can store it, no log holding it loads, and
 * the room re-reads the session rather than show it (web/session/room/room-phase.ts).
 *
 * Each state also lists, in its `meta.accepts`, the commands it accepts; `decide` refuses any other
 * (capabilities.ts, `phaseRefusalOf`). The machine holds no data: the session's state is the plain fold of its
 * events (`evolve`), and `stateOfPhase` names the machine state that state is in.
 */
import { setup } from 'xstate'
import type { Standing } from './capabilities.ts'
import type { Phase, SessionCommand, SessionEvent, SessionState } from './types.ts'

/** The refusal of every command once the session is over, and the ended room's words. */
export const SESSION_ENDED = 'This session has ended'

export type CommandType = SessionCommand['type']

/** What a command needs beyond the phase to be accepted in it, evaluated on the caller's standing (capabilities.ts). */
const CONDITIONS = {
  /** The current topic ran out and the doctor has not chosen another yet. */
  topicChoicePending: (standing: Standing) => standing.topicChoicePending,
  byHost: (standing: Standing) => standing.isHost,
  /** The session has not started yet: the waiting phase of a next round is not the time to reconfigure it. */
  notStarted: (standing: Standing) => standing.status === 'CREATED',
  /** A mock exam runs by itself (issue 33): nobody skips, changes the case or starts a round by hand. */
  outsideCircuit: (standing: Standing) => !standing.inCircuit,
  inCircuit: (standing: Standing) => standing.inCircuit,
  /** The host opens a mock exam once; its rest stations (the waiting phase in play) end by the clock alone. */
  startable: (standing: Standing) => !standing.inCircuit || standing.status === 'CREATED',
} satisfies Record<string, (standing: Standing) => boolean>

interface ConditionalCommand {
  command: CommandType
  when: keyof typeof CONDITIONS
}
export type AcceptedCommand = CommandType | ConditionalCommand

export interface PhaseMeta {
  accepts: AcceptedCommand[]
  /** The refusal of every command this phase does not accept; else each command's own (phase-rules.ts). */
  refusal?: string
}

export const STATE_OF_PHASE = {
  WAITING: 'waiting',
  READING: 'reading',
  CONSULTATION: 'consultation',
  FEEDBACK: 'feedback',
  COMPLETED: 'completed',
} as const satisfies Record<Phase, string>

export type PhaseState = (typeof STATE_OF_PHASE)[Phase]

const PHASES = Object.keys(STATE_OF_PHASE) as Phase[]
const PHASE_OF_STATE = Object.fromEntries(PHASES.map((phase) => [STATE_OF_PHASE[phase], phase])) as Record<PhaseState, Phase>

/**
 * Joining, leaving, a timer's expiry, the doctor's end and recording the room with everyone's consent (issue 34) are
 * possible at any point of a session in play.
 */
const IN_PLAY: AcceptedCommand[] = ['JoinWithRole', 'Leave', 'ExpireTimer', 'End', 'AskToRecord', 'ConsentToRecording', 'StopRecording']
/** Outside the feedback phase, the host's "complete" closes the session; nobody else's is accepted. */
const HOST_CLOSES: AcceptedCommand = { command: 'Complete', when: 'byHost' }
/** The doctor's buttons that move a session on, none of them in a mock exam. */
const SKIP: AcceptedCommand = { command: 'SkipPhase', when: 'outsideCircuit' }
const NEW_CASE: AcceptedCommand = { command: 'NewCase', when: 'outsideCircuit' }
const NEW_TOPIC: AcceptedCommand = { command: 'SelectNewTopic', when: 'outsideCircuit' }
/** A mock exam's clock, paused and resumed by its host (who the control is for: capabilities.ts). */
const CIRCUIT_CLOCK: AcceptedCommand[] = [
  { command: 'PauseCircuit', when: 'inCircuit' },
  { command: 'ResumeCircuit', when: 'inCircuit' },
]

/**
 * Where each phase may go next, with the decision that takes it there. Every move any release has stored is here:
 * a log written before a move was retired must still load (test/session-domain/phase-moves.test.ts folds such logs).
 */
export const PHASE_MOVES = {
  // The start, or a waiting round's reading once every seat is in the room.
  WAITING: ['READING'],
  // A new case restarts reading; the doctor's skip or the clock moves on to the consultation.
  READING: ['READING', 'CONSULTATION'],
  // The skip or the clock ends it; a topic chosen after the reading clock ran out opens its case's reading.
  CONSULTATION: ['FEEDBACK', 'READING'],
  // The next round: held in waiting for its seats, or reading at once when everyone is in (and always, before
  // issue 29).
  FEEDBACK: ['WAITING', 'READING'],
  COMPLETED: [],
} as const satisfies Record<Phase, readonly Phase[]>

/** A state's transitions: a PhaseStarted for each phase it may move to, and the end while in play. */
function movesFrom(phase: Phase) {
  return {
    PhaseStarted: PHASE_MOVES[phase].map((next) => ({ guard: { type: 'startsPhase' as const, params: { phase: next } }, target: STATE_OF_PHASE[next], reenter: true })),
    ...(phase === 'COMPLETED' ? {} : { SessionEnded: { target: STATE_OF_PHASE.COMPLETED } }),
  }
}

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
    meta: {} as PhaseMeta,
  },
  guards: {
    startsPhase: ({ event }, params: { phase: Phase }) => event.type === 'PhaseStarted' && event.phase === params.phase,
  },
}).createMachine({
  id: 'session',
  initial: 'waiting',
  states: {
    waiting: {
      on: movesFrom('WAITING'),
      meta: { accepts: [...IN_PLAY, { command: 'Configure', when: 'notStarted' }, { command: 'Start', when: 'startable' }, NEW_CASE, NEW_TOPIC, HOST_CLOSES, ...CIRCUIT_CLOCK] },
    },
    reading: { on: movesFrom('READING'), meta: { accepts: [...IN_PLAY, SKIP, NEW_CASE, NEW_TOPIC, HOST_CLOSES, ...CIRCUIT_CLOCK] } },
    // The reading clock keeps running while the doctor chooses a new topic: the choice may come in this phase.
    consultation: {
      on: movesFrom('CONSULTATION'),
      meta: { accepts: [...IN_PLAY, SKIP, { command: 'SelectNewTopic', when: 'topicChoicePending' }, 'MarkChecklistItem', 'RevealFact', HOST_CLOSES, ...CIRCUIT_CLOCK] },
    },
    // The examiner may finish marking the checklist after the bell, as in the exam.
    feedback: { on: movesFrom('FEEDBACK'), meta: { accepts: [...IN_PLAY, 'SubmitFeedback', 'Complete', 'MarkChecklistItem', ...CIRCUIT_CLOCK] } },
    // Leaving and a timer's expiry race with the end routinely: accepted, and decided as no-ops.
    completed: { type: 'final', meta: { accepts: ['Leave', 'ExpireTimer'], refusal: SESSION_ENDED } },
  },
})

export type SessionMachine = typeof sessionMachine

/** Each phase's accepted commands, read once from the machine's states. */
const ACCEPTS = new Map(
  PHASES.map((phase) => {
    const { accepts } = sessionMachine.root.states[STATE_OF_PHASE[phase]].meta as PhaseMeta
    return [phase, accepts.map((accepted): Partial<ConditionalCommand> => (typeof accepted === 'string' ? { command: accepted } : accepted))] as const
  }),
)

/** The machine state a session's state is in. */
export const stateOfPhase = (state: SessionState): PhaseState => STATE_OF_PHASE[state.phase]

/** Does the session's current phase accept this command from this caller? */
export function phaseAccepts(standing: Standing, command: CommandType): boolean {
  return ACCEPTS.get(standing.phase)!.some(({ command: accepted, when }) => accepted === command && (!when || CONDITIONS[when](standing)))
}

/** The phase's own refusal of everything it does not accept, if it has one (the completed phase). */
export function phaseRefusal(phase: Phase): string | undefined {
  return (sessionMachine.root.states[STATE_OF_PHASE[phase]].meta as PhaseMeta).refusal
}

const RESTING = new Map(PHASES.map((phase) => [phase, sessionMachine.resolveState({ value: STATE_OF_PHASE[phase] })]))

/** The machine resting in a phase, as a session or a room in that phase stands. */
export const snapshotInPhase = (phase: Phase) => RESTING.get(phase)!

/** The phase a machine state stands for. */
export const phaseOfState = (state: PhaseState): Phase => PHASE_OF_STATE[state]

/** The machine's event for arriving in a phase: its start, or for the completed phase the session's end. */
export const arrivalIn = (phase: Phase): SessionEvent =>
  phase === 'COMPLETED' ? { type: 'SessionEnded', reason: '', at: 0 } : { type: 'PhaseStarted', phase, startTimestamp: 0, durationSeconds: 0, at: 0 }

const startOf = (phase: Phase): SessionEvent => ({ type: 'PhaseStarted', phase, startTimestamp: 0, durationSeconds: 0, at: 0 })

/**
 * The machine's moves, asked of it once per pair of phases (XState's `can`): the fold checks every phase start
 * and end against these, a look-up rather than a transition per event (the fold rate is benched).
 */
const STARTS_FROM = new Map(PHASES.map((from) => [from, new Set(PHASES.filter((to) => snapshotInPhase(from).can(startOf(to))))]))
const ENDS_FROM = new Set(PHASES.filter((from) => snapshotInPhase(from).can(arrivalIn('COMPLETED'))))

/** May a session in `from` start phase `to` next? */
export const isLegalMove = (from: Phase, to: Phase): boolean => STARTS_FROM.get(from)!.has(to)

/** May a session in this phase end? (From every phase in play, once.) */
export const mayEndFrom = (phase: Phase): boolean => ENDS_FROM.has(phase)
