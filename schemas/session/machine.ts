/**
 * The session's phases and their legal moves, as an XState v5 machine: one state per phase (waiting -> reading
 * -> consultation -> feedback -> completed). Each state lists, in its `meta.accepts`, the commands it accepts;
 * `decide` refuses any other (phase-rules.ts, `requireAccepted`). The stored events PhaseStarted and
 * SessionEnded move it from phase to phase, so a mirror of the session driven by them is always in the phase.
 *
 * The machine holds no data: the session's state is the plain fold of its events (`evolve`), which is what the
 * server loads, and `stateOfPhase` names the machine state that state is in.
 */
import { setup } from 'xstate'
import { SESSION_ENDED } from './participants.ts'
import type { Actor, Phase, SessionCommand, SessionEvent, SessionState } from './types.ts'

export type CommandType = SessionCommand['type']

/** What a command needs beyond the phase to be accepted in it, evaluated on the session and the caller. */
const CONDITIONS = {
  /** The current topic ran out and the doctor has not chosen another yet. */
  topicChoicePending: (state: SessionState) => state.topicChoicePending,
  byHost: (state: SessionState, actor: Actor) => state.hostUserId === actor.userId,
  /** The session has not started yet: the waiting phase of a next round is not the time to reconfigure it. */
  notStarted: (state: SessionState) => state.status === 'CREATED',
} satisfies Record<string, (state: SessionState, actor: Actor) => boolean>

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

/** Joining, leaving, a timer's expiry and the doctor's end are possible at any point of a session in play. */
const IN_PLAY: AcceptedCommand[] = ['JoinWithRole', 'Leave', 'ExpireTimer', 'End']
/** Outside the feedback phase, the host's "complete" closes the session; nobody else's is accepted. */
const HOST_CLOSES: AcceptedCommand = { command: 'Complete', when: 'byHost' }

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
  on: {
    PhaseStarted: PHASES.map((phase) => ({
      guard: { type: 'startsPhase' as const, params: { phase } },
      target: `.${STATE_OF_PHASE[phase]}`,
    })),
    SessionEnded: { target: '.completed' },
  },
  states: {
    waiting: { meta: { accepts: [...IN_PLAY, { command: 'Configure', when: 'notStarted' }, 'Start', 'NewCase', 'SelectNewTopic', HOST_CLOSES] } },
    reading: { meta: { accepts: [...IN_PLAY, 'SkipPhase', 'NewCase', 'SelectNewTopic', HOST_CLOSES] } },
    // The reading clock keeps running while the doctor chooses a new topic: the choice may come in this phase.
    consultation: { meta: { accepts: [...IN_PLAY, 'SkipPhase', { command: 'SelectNewTopic', when: 'topicChoicePending' }, HOST_CLOSES] } },
    feedback: { meta: { accepts: [...IN_PLAY, 'SubmitFeedback', 'Complete'] } },
    // Leaving and a timer's expiry race with the end routinely: accepted, and decided as no-ops.
    completed: { meta: { accepts: ['Leave', 'ExpireTimer'], refusal: SESSION_ENDED } },
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
export function phaseAccepts(state: SessionState, command: CommandType, actor: Actor): boolean {
  return ACCEPTS.get(state.phase)!.some(({ command: accepted, when }) => accepted === command && (!when || CONDITIONS[when](state, actor)))
}

/** The phase's own refusal of everything it does not accept, if it has one (the completed phase). */
export function phaseRefusal(state: SessionState): string | undefined {
  return (sessionMachine.root.states[stateOfPhase(state)].meta as PhaseMeta).refusal
}
