/**
 * What the room tells a participant about changes someone else made: a participant leaving (the exit dialog
 * promises the others are told) and their own seat changing after a swap or a rotation, with who sits where.
 */
import { roleLabel } from '../../../schemas/labels.ts'
import type { Phase } from '../../../schemas/session/types.ts'
import type { WireRole, ParticipantView } from '../../../schemas/session-wire.ts'
import type { LiveMessage } from '../../../schemas/session-live.ts'
import type { RoomSession } from './room-state.ts'

const SEAT_ORDER: WireRole[] = ['doctor', 'patient', 'observer']

/** "Doctor: you, Patient: Pat Patient, Observer: Olly Observer", seat by seat, the reader named "you". */
export function seatingText(seated: ReadonlyArray<Pick<ParticipantView, 'userId' | 'name' | 'role'>>, userId: number): string {
  const ordered = [...seated].sort((a, b) => SEAT_ORDER.indexOf(a.role) - SEAT_ORDER.indexOf(b.role))
  return ordered.map((p) => `${roleLabel(p.role)}: ${p.userId === userId ? 'you' : p.name}`).join(', ')
}

export interface RoomNotice {
  text: string
  /** The phase the news is about: the notice ends when the room leaves it (or is dismissed, or replaced). */
  phase: Phase
}

/**
 * The notice after a change of the room (a snapshot, a live message, or the doctor's own end of the
 * consultation): the news the change brings, else the current notice until the room moves on from its phase.
 * The swap arrives while the old case's feedback phase is still on screen, or as the next round waits for its
 * seats, and is about the seats of the next case, so a role notice raised then lasts through its reading phase.
 */
export function noticeAfter(current: RoomNotice | null, before: RoomSession | null, after: RoomSession, message: LiveMessage | null, userId: number): RoomNotice | null {
  if (message?.type === 'USER_LEFT' && message.userId !== userId) {
    return { text: `${message.userName} (${roleLabel(message.userRole)}) has left the session.`, phase: after.phase }
  }
  if (before?.role && after.role && before.role !== after.role) {
    const text = `Roles have changed: you are now the ${roleLabel(after.role)}. ${seatingText(after.participants, userId)}.`
    return { text, phase: after.phase === 'FEEDBACK' || after.phase === 'WAITING' ? 'READING' : after.phase }
  }
  const movedOn = current !== null && before?.phase === current.phase && after.phase !== current.phase
  return movedOn ? null : current
}
