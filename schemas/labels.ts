/**
 * The words for a seat and a phase, one map each, shared by every screen (issue 31): the role badge, the room's
 * notices, the case editor, the room's header and its clock said them in their own copies.
 */
import type { Phase } from './session/types.ts'
import type { LowerRole } from './session-wire.ts'

export const ROLE_LABEL: Record<LowerRole, string> = { doctor: 'Doctor', patient: 'Patient', observer: 'Observer' }

export const PHASE_LABEL: Record<Phase, string> = {
  WAITING: 'Waiting',
  READING: 'Reading',
  CONSULTATION: 'Consultation',
  FEEDBACK: 'Feedback',
  COMPLETED: 'Completed',
}
