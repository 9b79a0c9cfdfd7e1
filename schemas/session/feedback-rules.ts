/**
 * Submitting feedback: who may give it and what each role may ask for next. What the round then does (nothing
 * yet, the next round, the end) is next-round.ts's, decided once nobody is still scoring.
 */
import { checkedScores, overallPerformance } from './feedback-scores.ts'
import { checkedMarking } from './marking-rules.ts'
import { activeParticipants, activeWithRole, requireParticipant } from './participants.ts'
import { FEEDBACK_REQUESTS, FEEDBACK_TOO_EARLY } from './capabilities.ts'
import { requireAccepted, requireMayUseAtAll } from './phase-rules.ts'
import { ROTATION_NEEDS_THREE, seatsRotatable, SWAP_OR_ROTATE } from './seat-rotation.ts'
import {
  SessionRuleError,
  type Actor,
  type DecisionContext,
  type NextRoundRequest,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from './types.ts'

type SubmitFeedback = Extract<SessionCommand, { type: 'SubmitFeedback' }>

export const JOINED_AFTER_CONSULTATION = 'You joined after this consultation ended, so there is nothing for you to score yet: you can give feedback on the next case.'

export function decideSubmitFeedback(state: SessionState, command: SubmitFeedback, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUseAtAll(state, 'SubmitFeedback', actor)
  const giver = requireParticipant(state, actor)
  const mayRequest = FEEDBACK_REQUESTS[giver.role]!
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

  const nextRound = requestOf(command)
  return [
    {
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
      ...(nextRound ? { nextRound } : {}),
      at: ctx.now,
    },
  ]
}

/** The spec's flags as one request: the swap asks for the next case too (WIRE.md section 5), rotation by itself. */
function requestOf(command: SubmitFeedback): NextRoundRequest | null {
  if (command.requestSeatRotation) return 'SEAT_ROTATION'
  if (command.requestNewCase) return command.requestRoleChange ? 'ROLE_CHANGE' : 'NEW_CASE'
  return null
}

/** The observers who can score this round: someone who arrived during its feedback phase is not waited for. */
const activeObservers = (state: SessionState) =>
  state.participants.filter((p) => p.active && p.role === 'OBSERVER' && !p.joinedAfterConsultation)

/**
 * Whether an observer who watched has scored (GET observer-feedback-status, for the spec's client, whose patient
 * asks before requesting the next case; the next case waits for the observer in any case).
 */
export function observerFeedbackStatus(state: SessionState) {
  const observers = activeObservers(state)
  return { hasObserver: observers.length > 0, observerHasGivenFeedback: observers.length === 0 || observers.some((o) => o.hasGivenFeedback), observerCount: observers.length }
}
