/**
 * What the room tells a participant about changes someone else made: a participant leaving (the exit dialog
 * promises the others are told) and their own seat changing after the patient asked to swap roles.
 */
import type { Phase } from '../../../schemas/session/types.ts'
import type { LiveMessage, LowerRole } from '../../../schemas/session-wire.ts'
import type { RoomSession } from './room-state.ts'

const ROLE_NAMES: Record<LowerRole, string> = { doctor: 'Doctor', patient: 'Patient', observer: 'Observer' }

export interface RoomNotice {
  text: string
  /** The phase the news is about: the notice ends when the room leaves it (or is dismissed, or replaced). */
  phase: Phase
}

/**
 * The notice after a change of the room (a snapshot, a live message, or the doctor's own end of the
 * consultation): the news the change brings, else the current notice until the room moves on from its phase.
 * The swap arrives while the old case's feedback phase is still on screen and is about the seats of the next
 * case, so a role notice raised then lasts through that case's reading phase.
 */
export function noticeAfter(current: RoomNotice | null, before: RoomSession | null, after: RoomSession, message: LiveMessage | null, userId: number): RoomNotice | null {
  if (message?.type === 'USER_LEFT' && message.userId !== userId) {
    return { text: `${message.userName} (${ROLE_NAMES[message.userRole] ?? message.userRole}) has left the session.`, phase: after.phase }
  }
  if (before?.role && after.role && before.role !== after.role) {
    return { text: `Roles have changed: you are now the ${ROLE_NAMES[after.role]}.`, phase: after.phase === 'FEEDBACK' ? 'READING' : after.phase }
  }
  const movedOn = current !== null && before?.phase === current.phase && after.phase !== current.phase
  return movedOn ? null : current
}
