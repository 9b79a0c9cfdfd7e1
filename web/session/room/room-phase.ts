/**
 * The one place the room decides which phase it shows, and it is the server's own session machine
 * (schemas/session/machine.ts) that decides: the room keeps the phase, and a piece of news moves it through the
 * machine as the stored events move the server's. A PHASE_CHANGE is the PhaseStarted it tells of; the doctor's
 * accepted end of the consultation is the feedback phase starting, ahead of its echo. A GET snapshot or a
 * SESSION_UPDATE is a re-read: the phase the server reports is taken as it is.
 */
import { transition } from 'xstate'
import { sessionMachine, STATE_OF_PHASE, type PhaseState } from '../../../schemas/session/machine.ts'
import type { Phase, SessionEvent } from '../../../schemas/session/types.ts'
import type { PhaseChangeMessage, SessionUpdateMessage } from '../../../schemas/session-wire.ts'

export type PhaseNews =
  | { type: 'SNAPSHOT'; phase: Phase }
  | Pick<SessionUpdateMessage, 'type' | 'phase'>
  | Pick<PhaseChangeMessage, 'type' | 'phase'>
  /** The server accepted the doctor's end of the consultation: the room moves on without waiting for the echo. */
  | { type: 'CONSULTATION_ENDED' }

const PHASE_OF_STATE = Object.fromEntries(Object.entries(STATE_OF_PHASE).map(([phase, state]) => [state, phase])) as Record<PhaseState, Phase>

const snapshotIn = (phase: Phase) => sessionMachine.resolveState({ value: STATE_OF_PHASE[phase] })

/** Where a room that has heard nothing yet stands: the session machine's initial state. */
export const INITIAL_PHASE: Phase = PHASE_OF_STATE[sessionMachine.config.initial as PhaseState]

/** A phase's start as the machine reads it: it moves on the phase alone (the clock is the room's own business). */
const phaseStarted = (phase: Phase) => ({ type: 'PhaseStarted', phase }) as Extract<SessionEvent, { type: 'PhaseStarted' }>

/** The stored event a piece of news tells of, when it moves the machine on from where it is. */
function eventOf(current: Phase, news: PhaseNews): SessionEvent | null {
  switch (news.type) {
    case 'PHASE_CHANGE':
      return phaseStarted(news.phase)
    case 'CONSULTATION_ENDED':
      return current === 'CONSULTATION' ? phaseStarted('FEEDBACK') : null
    default:
      return null
  }
}

export function phaseAfter(current: Phase, news: PhaseNews): Phase {
  if (news.type === 'SNAPSHOT' || news.type === 'SESSION_UPDATE') return news.phase
  const event = eventOf(current, news)
  if (!event) return current
  const [next] = transition(sessionMachine, snapshotIn(current), event)
  return PHASE_OF_STATE[next.value as PhaseState]
}
