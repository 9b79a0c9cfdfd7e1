/**
 * The words for a seat and a phase, one map each, shared by every screen (issue 31): the role badge, the room's
 * notices, the case editor, the room's header and its clock said them in their own copies.
 */
import type { ChecklistMark, Phase, SessionRole } from './session/types.ts'

export const ROLE_LABEL: Record<SessionRole, string> = { DOCTOR: 'Doctor', PATIENT: 'Patient', OBSERVER: 'Observer' }

/** The seat a role names, in either spelling: the rules' (`DOCTOR`) or the wire's (`doctor`); null for anything else. */
export function seatOf(role: string | null | undefined): SessionRole | null {
  const seat = role?.toUpperCase()
  return seat === 'DOCTOR' || seat === 'PATIENT' || seat === 'OBSERVER' ? seat : null
}

export function roleLabel(role: string | null | undefined): string {
  const seat = seatOf(role)
  return seat ? ROLE_LABEL[seat] : 'Unknown'
}

export const PHASE_LABEL: Record<Phase, string> = {
  WAITING: 'Waiting',
  READING: 'Reading',
  CONSULTATION: 'Consultation',
  FEEDBACK: 'Feedback',
  COMPLETED: 'Completed',
}

/** How the examiner saw a checklist item done (issue 32). */
export const CHECKLIST_MARK_LABEL: Record<ChecklistMark, string> = { DONE: 'Done', PARTLY: 'Partly', NOT_DONE: 'Not done' }
