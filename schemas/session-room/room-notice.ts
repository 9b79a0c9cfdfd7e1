/**
 * What the room tells a participant about changes someone else made: a participant leaving (the exit dialog
 * promises the others are told) and their own seat changing after the patient asked to swap roles.
 */
import type { LiveMessage, LowerRole } from '../session-wire.ts'
import type { RoomSession } from './room-state.ts'

const ROLE_NAMES: Record<LowerRole, string> = { doctor: 'Doctor', patient: 'Patient', observer: 'Observer' }

/** The notice this change brings, or null when it brings none (the current notice then stays). */
export function roomNotice(before: RoomSession | null, after: RoomSession, message: LiveMessage | null, userId: number): string | null {
  if (message?.type === 'USER_LEFT' && message.userId !== userId) {
    return `${message.userName} (${ROLE_NAMES[message.userRole] ?? message.userRole}) has left the session.`
  }
  if (before?.role && after.role && before.role !== after.role) return `Roles have changed: you are now the ${ROLE_NAMES[after.role]}.`
  return null
}
