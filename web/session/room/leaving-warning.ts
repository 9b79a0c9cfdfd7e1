/**
 * Creating or joining a session leaves the one the user is in (WIRE.md section 6), which may end it for the
 * others. The create and join pages say so first, naming the session, its phase and the others by name.
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

/**
 * "You are in 'X' (Reading) with A and B. Starting this session leaves it." `phase` is the phase's label. When
 * leaving ends the room, it says so, and that its listing goes too (issue 30).
 */
export function leavingWarning(session: Pick<ActiveSessionItem, 'title' | 'otherParticipants' | 'userRole'>, phase: string, action: LeavingAction): string {
  const others = session.otherParticipants
  const company = others.length > 0 ? ` with ${inWords(others)}` : ''
  const ends = leavingEndsRoom(session.userRole, others.length) ? ': it ends, and so does any listing of it on Find Partners' : ''
  return `You are in '${session.title}' (${phase})${company}. ${WHAT_LEAVES[action]} leaves it${ends}.`
}

/**
 * The browser's Back leaves the room as Exit does, so it asks Exit's question first in every phase where leaving
 * matters to the others: not once the session is completed, when there is nothing left to leave.
 */
export const backAsksBeforeLeaving = (phase: Phase | null) => phase !== null && phase !== 'COMPLETED'
