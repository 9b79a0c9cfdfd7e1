/**
 * The one place the room decides which phase it shows, and it is the server's own session machine
 * (schemas/session/machine.ts) that decides: the room keeps the phase, and a piece of news moves it only along a
 * move the machine allows, as the stored events move the server's. A PHASE_CHANGE is the PhaseStarted it tells of,
 * a SESSION_UPDATE names the phase the session is in now (the end is the SessionEnded move), and the doctor's
 * accepted end of the consultation is the feedback phase starting, ahead of its echo. News of a phase the machine
 * cannot reach from the room's (a message from before a re-read, a lost one in between) is not shown: the room
 * keeps its phase and reads the session again (`needsReread`). A SNAPSHOT is such a read, taken as it is.
 */
import { transition } from 'xstate'
import { AFTER_CLOCK } from '../../../schemas/session/clock.ts'
import { arrivalIn, phaseOfState, sessionMachine, snapshotInPhase, type PhaseState } from '../../../schemas/session/machine.ts'
import type { Phase, SessionEvent } from '../../../schemas/session/types.ts'
import type { PhaseChangeMessage, SessionUpdateMessage } from '../../../schemas/session-live.ts'

export type PhaseNews =
  | { type: 'SNAPSHOT'; phase: Phase }
  | Pick<SessionUpdateMessage, 'type' | 'phase'>
  | Pick<PhaseChangeMessage, 'type' | 'phase'>
  /** The server accepted the doctor's end of the consultation: the room moves on without waiting for the echo. */
  | { type: 'CONSULTATION_ENDED' }

/** Where a room that has heard nothing yet stands: the session machine's initial state. */
export const INITIAL_PHASE: Phase = phaseOfState(sessionMachine.config.initial as PhaseState)

/** The stored event a piece of news tells of, or null when it tells of no move (the phase as it was). */
function eventOf(current: Phase, news: Exclude<PhaseNews, { type: 'SNAPSHOT' }>): SessionEvent | null {
  switch (news.type) {
    case 'PHASE_CHANGE': {
      // The same phase again is a move only where the machine has one (a new case restarts reading); elsewhere it
      // is the echo of a move the room made ahead (the doctor's end of the consultation).
      const arrival = arrivalIn(news.phase)
      return news.phase === current && !snapshotInPhase(current).can(arrival) ? null : arrival
    }
    case 'SESSION_UPDATE':
      return news.phase === current ? null : arrivalIn(news.phase)
    case 'CONSULTATION_ENDED':
      return current === 'CONSULTATION' ? arrivalIn(AFTER_CLOCK.CONSULTATION) : null
  }
}

/** Does the news tell of a move the machine cannot make from the room's phase? Then the room reads the session. */
export function needsReread(current: Phase, news: PhaseNews): boolean {
  if (news.type === 'SNAPSHOT' || news.type === 'CONSULTATION_ENDED') return false
  const event = eventOf(current, news)
  return event !== null && !snapshotInPhase(current).can(event)
}

export function phaseAfter(current: Phase, news: PhaseNews): Phase {
  if (news.type === 'SNAPSHOT') return news.phase
  const event = eventOf(current, news)
  if (!event) return current
  const [next] = transition(sessionMachine, snapshotInPhase(current), event)
  return phaseOfState(next.value as PhaseState)
}
