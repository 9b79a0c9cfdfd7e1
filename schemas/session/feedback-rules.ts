/**
 * Submitting feedback, and what the round does next: a new case when someone asked for one (with the patient
 * and doctor swapping seats if the patient asked, or every seat moving on if the patient or observer asked), the
 * end once everyone has finished, or nothing yet.
 */
import { chooseNextCase } from './case-selection.ts'
import { evolve } from './evolve.ts'
import { checkedScores, overallPerformance } from './feedback-scores.ts'
import { checkedMarking } from './marking-rules.ts'
import { ALL_COMPLETED, everyoneCompleted, sessionEnded, startCase } from './next-case.ts'
import { activeParticipants, activeWithRole, requireParticipant } from './participants.ts'
import { FEEDBACK_TOO_EARLY, requireAccepted } from './phase-rules.ts'
import { ROTATION_NEEDS_THREE, rotatedSeats, seatsRotatable, SWAP_OR_ROTATE } from './seat-rotation.ts'
import {
  SessionRuleError,
  type Actor,
  type DecisionContext,
  type Participant,
  type SessionCommand,
  type SessionEvent,
  type SessionRole,
  type SessionState,
} from './types.ts'

type SubmitFeedback = Extract<SessionCommand, { type: 'SubmitFeedback' }>

/**
 * What each role's feedback may ask for besides closing (SPEC section 5): the patient the next case, alone or
 * with the doctor and patient swapping seats; the observer nothing. The doctor gives no feedback. Beside the
 * spec (issue 16), both may ask for the next case with every seat moved on, when three are in the room.
 */
export const FEEDBACK_REQUESTS = {
  DOCTOR: null,
  PATIENT: { newCase: true, roleChange: true, seatRotation: true },
  OBSERVER: { newCase: false, roleChange: false, seatRotation: true },
} as const satisfies Record<SessionRole, { newCase: boolean; roleChange: boolean; seatRotation: boolean } | null>

export const JOINED_AFTER_CONSULTATION = 'You joined after this consultation ended, so there is nothing for you to score yet: you can give feedback on the next case.'

export function decideSubmitFeedback(state: SessionState, command: SubmitFeedback, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  const giver = requireParticipant(state, actor)
  const mayRequest = FEEDBACK_REQUESTS[giver.role]
  if (!mayRequest) throw new SessionRuleError(403, 'Only the patient or observer can give feedback')
  if (command.requestRoleChange && command.requestSeatRotation) throw new SessionRuleError(400, SWAP_OR_ROTATE)
  if (command.requestRoleChange && !mayRequest.roleChange) throw new SessionRuleError(403, 'Only the patient can request a role change')
  if (command.requestNewCase && !mayRequest.newCase) throw new SessionRuleError(403, 'Observers cannot request a new case')
  requireAccepted(state, 'SubmitFeedback', actor)
  if (state.caseId === null) throw new SessionRuleError(409, FEEDBACK_TOO_EARLY)
  if (giver.joinedAfterConsultation) throw new SessionRuleError(409, JOINED_AFTER_CONSULTATION)
  // Flags reset with every CaseAssigned, and every new round assigns a case: this is once per (case, round).
  if (giver.hasGivenFeedback) throw new SessionRuleError(409, 'You have already submitted feedback for this case')
  if (command.requestSeatRotation && !seatsRotatable(activeParticipants(state).map((p) => p.role))) throw new SessionRuleError(409, ROTATION_NEEDS_THREE)
  const criteriaScores = checkedScores(ctx.currentCriteria, command.criteriaScores)
  const marking = checkedMarking(giver.role, command.marking)
  const doctor = activeWithRole(state, 'DOCTOR')
  if (!doctor) throw new SessionRuleError(400, 'No doctor found in this session')

  const submitted: SessionEvent = {
    type: 'FeedbackSubmitted',
    fromUserId: giver.userId,
    fromRole: giver.role,
    toUserId: doctor.userId,
    caseId: state.caseId,
    round: state.currentRound,
    comment: command.comment,
    criteriaScores,
    overallPerformance: overallPerformance(criteriaScores),
    ...marking,
    at: ctx.now,
  }
  return [submitted, ...afterFeedback(evolve(state, submitted), command, giver, doctor, ctx)]
}

/**
 * Unlike the reference (which keeps the round for a new case after feedback), every case that follows a
 * feedback round opens round + 1: feedback is stored per (case, round), and a round is one consultation.
 */
function afterFeedback(
  state: SessionState,
  command: SubmitFeedback,
  giver: Participant,
  doctor: Participant,
  ctx: DecisionContext,
): SessionEvent[] {
  // The patient's request stays within the category: no topic dialog in the middle of a feedback round.
  const asked = command.requestNewCase || command.requestSeatRotation
  const caseId = nextRoundAsked(state, asked) ? chooseNextCase(state, ctx, { kind: 'continuing' }) : null
  if (caseId !== null) return [...seatChanges(state, command, giver, doctor, ctx), ...startCase(state, caseId, state.currentRound + 1, ctx)]
  return everyoneCompleted(state) ? [sessionEnded(ALL_COMPLETED, ctx)] : []
}

/** The seats for the next case: rotated, swapped (the spec's role change) or as they are. */
function seatChanges(state: SessionState, command: SubmitFeedback, giver: Participant, doctor: Participant, ctx: DecisionContext): SessionEvent[] {
  if (command.requestSeatRotation) {
    const seatOf = (role: SessionRole) => rotatedSeats(activeParticipants(state)).find((p) => p.role === role)!.userId
    return [{ type: 'SeatsRotated', newDoctorUserId: seatOf('DOCTOR'), newPatientUserId: seatOf('PATIENT'), newObserverUserId: seatOf('OBSERVER'), at: ctx.now }]
  }
  if (command.requestNewCase && command.requestRoleChange) {
    return [{ type: 'RolesSwapped', newDoctorUserId: giver.userId, newPatientUserId: doctor.userId, at: ctx.now }]
  }
  return []
}

/**
 * A new round starts only when someone asked for it and the doctor is still there to play it (neither left nor
 * completed). Asking is the patient's "Submit & New Case" or "Submit & Role Change", either giver's "Submit &
 * Rotate Seats", or taking the empty patient's
 * seat during the feedback phase (nothing to score, come to play), once an observer who watched has scored (or
 * none did).
 * "Submit Feedback & Close" asks for nothing: once everyone has closed or completed, the session ends.
 */
function nextRoundAsked(state: SessionState, asked: boolean): boolean {
  const doctor = activeWithRole(state, 'DOCTOR')
  if (!doctor || doctor.hasCompleted) return false
  const patient = activeWithRole(state, 'PATIENT')
  return asked || (patient !== undefined && patient.joinedAfterConsultation && observerFeedbackStatus(state).observerHasGivenFeedback)
}

/** A patient who takes the empty seat during the feedback phase may be all the round was waiting for. */
export function withNextCaseForLatePatient(state: SessionState, joinEvents: SessionEvent[], ctx: DecisionContext): SessionEvent[] {
  if (state.phase !== 'FEEDBACK' || joinEvents.length === 0) return joinEvents
  const joined = joinEvents.reduce(evolve, state)
  const caseId = nextRoundAsked(joined, false) ? chooseNextCase(joined, ctx, { kind: 'continuing' }) : null
  return caseId === null ? joinEvents : [...joinEvents, ...startCase(joined, caseId, joined.currentRound + 1, ctx)]
}

/** The observers who can score this round: someone who arrived during its feedback phase is not waited for. */
const activeObservers = (state: SessionState) =>
  state.participants.filter((p) => p.active && p.role === 'OBSERVER' && !p.joinedAfterConsultation)

/**
 * The observer's side of a round is done once one observer has scored it (then the case may move on): what the
 * patient is warned about before asking for the next case, and what a patient who took the seat late waits for.
 */
export function observerFeedbackStatus(state: SessionState) {
  const observers = activeObservers(state)
  return { hasObserver: observers.length > 0, observerHasGivenFeedback: observers.length === 0 || observers.some((o) => o.hasGivenFeedback), observerCount: observers.length }
}
