/**
 * Creating or joining a session leaves the one the user is in (WIRE.md section 6), which may end it for the
 * others. The create and join pages say so first, naming the session, its phase and the others by name. A
 * planned slot still to come is not left (its room opens at its time), and the pages say that instead.
 */
import type { ActiveSessionItem } from '../../../schemas/session-wire.ts'
import { leavingEndsRoom } from '../../../schemas/session/participants.ts'
import type { Phase } from '../../../schemas/session/types.ts'
import { inWords } from './words.ts'

export type LeavingAction = 'create' | 'join'

const WHAT_LEAVES: Record<LeavingAction, string> = {
  create: 'Starting this session',
  join: 'Joining another session',
}

type Held = Pick<ActiveSessionItem, 'title' | 'otherParticipants'>

const company = (session: Held) => (session.otherParticipants.length > 0 ? ` with ${inWords(session.otherParticipants)}` : '')

/**
 * "You are in 'X' (Reading) with A and B. Starting this session leaves it." `phase` is the phase's label. When
 * leaving ends the room, it says so, and that its listing goes too (issue 30).
 */
export function leavingWarning(session: Held & Pick<ActiveSessionItem, 'userRole'>, phase: string, action: LeavingAction): string {
  const ends = leavingEndsRoom(session.userRole, session.otherParticipants.length) ? ': it ends, and so does any listing of it on Find Partners' : ''
  return `You are in '${session.title}' (${phase})${company(session)}. ${WHAT_LEAVES[action]} leaves it${ends}.`
}

/** "You are in 'X', planned for Sun 29 Nov, 20:00, with A. Joining another session keeps your place in it." */
export function keptNotice(session: Held, plannedTime: string, action: LeavingAction): string {
  const others = company(session)
  return `You are in '${session.title}', planned for ${plannedTime}${others && `,${others}`}. ${WHAT_LEAVES[action]} keeps your place in it.`
}

/**
 * The browser's Back leaves the room as Exit does, so it asks Exit's question first in every phase where leaving
 * matters to the others: not once the session is completed, when there is nothing left to leave.
 */
export const backAsksBeforeLeaving = (phase: Phase | null) => phase !== null && phase !== 'COMPLETED'
