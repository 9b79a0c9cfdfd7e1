/**
 * The session as an XState v5 machine: its states are the phases (waiting -> reading -> consultation ->
 * feedback -> completed), its events the stored SessionEvents, its context the SessionState. Every event is
 * folded into the context by `evolve`; PhaseStarted and SessionEnded also move the machine to the matching
 * state, so `snapshot.value` always names `context.phase`. Decisions are not taken here but in `decide`:
 * the machine only ever sees events that were already accepted, and must never drop one.
 */
import { assign, setup } from 'xstate'
import { evolve, type SessionEventOf } from './evolve.ts'
import type { Phase, SessionEvent, SessionState } from './types.ts'

export const STATE_OF_PHASE = {
  WAITING: 'waiting',
  READING: 'reading',
  CONSULTATION: 'consultation',
  FEEDBACK: 'feedback',
  COMPLETED: 'completed',
} as const satisfies Record<Phase, string>

const PHASES = Object.keys(STATE_OF_PHASE) as Phase[]

export const sessionMachine = setup({
  types: {
    context: {} as SessionState,
    events: {} as SessionEvent,
    input: {} as SessionEventOf<'SessionCreated'>,
  },
  actions: {
    evolve: assign(({ context, event }) => evolve(context, event)),
  },
  guards: {
    startsPhase: ({ event }, params: { phase: Phase }) => event.type === 'PhaseStarted' && event.phase === params.phase,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => evolve(null, input),
  initial: 'waiting',
  // Transitions sit on the root so that no state can ignore a stored event: the fold must see them all.
  on: {
    ParticipantJoined: { actions: 'evolve' },
    ParticipantLeft: { actions: 'evolve' },
    SessionConfigured: { actions: 'evolve' },
    CaseAssigned: { actions: 'evolve' },
    TopicAdded: { actions: 'evolve' },
    TopicSelectionNeeded: { actions: 'evolve' },
    RolesSwapped: { actions: 'evolve' },
    FeedbackSubmitted: { actions: 'evolve' },
    ParticipantCompleted: { actions: 'evolve' },
    PhaseStarted: PHASES.map((phase) => ({
      guard: { type: 'startsPhase' as const, params: { phase } },
      target: `.${STATE_OF_PHASE[phase]}`,
      actions: 'evolve' as const,
    })),
    SessionEnded: { target: '.completed', actions: 'evolve' },
  },
  states: {
    waiting: {},
    reading: {},
    consultation: {},
    feedback: {},
    // Not `type: 'final'`: a done machine ignores further events, and the fold must never skip one.
    completed: {},
  },
})

export type SessionMachine = typeof sessionMachine
