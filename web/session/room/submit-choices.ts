/**
 * The feedback form's submit buttons and what each asks of the server (WIRE.md section 5, and issue 16's seat
 * rotation). Which role may ask for what is the server's rule (FEEDBACK_REQUESTS in capabilities.ts, seat-rotation.ts); the room
 * only offers what the server would accept.
 */
import { FEEDBACK_REQUESTS } from '../../../schemas/session/capabilities.ts'
import { NEXT_SEAT, seatsRotatable } from '../../../schemas/session/seat-rotation.ts'
import type { CriterionScore, Phase, StationMarking } from '../../../schemas/session/types.ts'
import { fromWireRole, toWireRole, type ParticipantView, type WireRole } from '../../../schemas/session-wire.ts'
import { seatingText } from './room-notice.ts'

/**
 * Close (-> dashboard), ask for a new case (patient), swap seats with the doctor for the next case (patient), or
 * move every seat on for the next case (patient or observer, three in the room); in a mock exam, submit and stay.
 */
export type SubmitChoice = 'close' | 'newCase' | 'roleChange' | 'rotateSeats' | 'submit'

/** The judgement and feedback areas (issue 17) travel with every submission of our form. */
export interface FeedbackSubmission extends StationMarking {
  sessionCode: string
  comment: string
  criteriaScores: CriterionScore[]
  requestNewCase: boolean
  requestRoleChange?: boolean
  requestSeatRotation?: boolean
}

const requestsOf = (role: WireRole | null) => (role ? FEEDBACK_REQUESTS[fromWireRole(role)] : null)

/** Whether the room shows this role a feedback form (the server takes feedback from these roles only). */
export const givesFeedback = (role: WireRole | null): boolean => requestsOf(role) !== null

/**
 * What the room's feedback part shows a seat (RoomFeedback; the admins' seat screens read the same rule): nothing
 * to a role that gives none, "submitted" once its feedback is in (or sent from this page), a notice to someone who
 * joined after the consultation began, and otherwise the form.
 */
export type FeedbackPart = 'none' | 'submitted' | 'joinedLate' | 'form'

export function feedbackPart(
  session: { role: WireRole | null; phase: Phase; participants: readonly ParticipantView[] },
  userId: number,
  sentFromHere = false,
): FeedbackPart {
  if (!givesFeedback(session.role)) return 'none'
  const me = session.participants.find((p) => p.userId === userId)
  if (sentFromHere || (me?.hasGivenFeedback && session.phase === 'FEEDBACK')) return 'submitted'
  return me?.joinedAfterConsultation ? 'joinedLate' : 'form'
}

const mayRotateSeats = (participants: readonly ParticipantView[]) => seatsRotatable(participants.map((p) => fromWireRole(p.role)))

/**
 * The submit buttons a role gets: closing, and what the server lets it ask for with the room as it is. In a mock
 * exam (issue 33) the marks are only submitted: the clock moves the circuit on, and nobody leaves it by marking.
 */
export function choicesFor(role: WireRole | null, participants: readonly ParticipantView[], inCircuit = false): SubmitChoice[] {
  const mayRequest = requestsOf(role)
  if (!mayRequest) return []
  if (inCircuit) return ['submit']
  // "Role change" asks for the next case as well (requestNewCase and requestRoleChange, WIRE.md section 5).
  return [
    'close',
    ...(mayRequest.newCase ? (['newCase'] as const) : []),
    ...(mayRequest.newCase && mayRequest.roleChange ? (['roleChange'] as const) : []),
    ...(mayRequest.seatRotation && mayRotateSeats(participants) ? (['rotateSeats'] as const) : []),
  ]
}

/** What a choice asks for: only the spec's fields for the spec's choices; rotation asks for the next case by itself. */
export function requestsFor(choice: SubmitChoice): Pick<FeedbackSubmission, 'requestNewCase' | 'requestRoleChange' | 'requestSeatRotation'> {
  return {
    requestNewCase: choice === 'newCase' || choice === 'roleChange',
    ...(choice === 'roleChange' ? { requestRoleChange: true } : {}),
    ...(choice === 'rotateSeats' ? { requestSeatRotation: true } : {}),
  }
}

export const asksForNextCase = (choice: SubmitChoice | null): boolean => choice !== null && choice !== 'close' && choice !== 'submit'

/** Who sits where if the seats rotate, said before anyone chooses it; null when they cannot rotate. */
export function rotationPreview(participants: readonly ParticipantView[], userId: number): string | null {
  if (!mayRotateSeats(participants)) return null
  const next = participants.map((p) => ({ ...p, role: toWireRole(NEXT_SEAT[fromWireRole(p.role)]) }))
  return `After rotating, the next case's seats: ${seatingText(next, userId)}.`
}
