/**
 * Submitting feedback, and what the round does next: a new case (with the patient and doctor swapping seats
 * if the patient asked), an automatic new case once patient and observer have both scored, or the end.
 */
import { chooseNextCase } from './case-selection.ts'
import { evolve } from './evolve.ts'
import { checkedScores, overallPerformance } from './feedback-scores.ts'
import { ALL_COMPLETED, ALL_RECALL_CASES_DONE, everyoneCompleted, sessionEnded, startCase } from './next-case.ts'
import { activeWithRole, requireParticipant } from './participants.ts'
import {
  SessionRuleError,
  type Actor,
  type DecisionContext,
  type Participant,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from './types.ts'

type SubmitFeedback = Extract<SessionCommand, { type: 'SubmitFeedback' }>

export const JOINED_AFTER_CONSULTATION = 'You joined after this consultation ended, so there is nothing for you to score yet: you can give feedback on the next case.'

export function decideSubmitFeedback(state: SessionState, command: SubmitFeedback, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  const giver = requireParticipant(state, actor)
  if (giver.role === 'DOCTOR') throw new SessionRuleError(403, 'Only the patient or observer can give feedback')
  if (command.requestRoleChange && giver.role !== 'PATIENT') {
    throw new SessionRuleError(403, 'Only the patient can request a role change')
  }
  if (command.requestNewCase && giver.role === 'OBSERVER') throw new SessionRuleError(403, 'Observers cannot request a new case')
  if (state.phase !== 'FEEDBACK' || state.caseId === null) {
    throw new SessionRuleError(409, 'Feedback can be submitted once the consultation has ended')
  }
  if (giver.joinedAfterConsultation) throw new SessionRuleError(409, JOINED_AFTER_CONSULTATION)
  // Flags reset with every CaseAssigned, and every new round assigns a case: this is once per (case, round).
  if (giver.hasGivenFeedback) throw new SessionRuleError(409, 'You have already submitted feedback for this case')
  const criteriaScores = checkedScores(ctx.currentCriteria, command.criteriaScores)
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
  if (command.requestNewCase) {
    // The patient's request stays within the category: no topic dialog in the middle of a feedback round.
    const caseId = chooseNextCase(state, ctx, { kind: 'continuing' })
    if (caseId !== null) {
      const swap: SessionEvent[] = command.requestRoleChange
        ? [{ type: 'RolesSwapped', newDoctorUserId: giver.userId, newPatientUserId: doctor.userId, at: ctx.now }]
        : []
      return [...swap, ...startCase(state, caseId, state.currentRound + 1, ctx)]
    }
  } else if (roundScored(state)) {
    const next = automaticNextCase(state, ctx)
    if (next.length > 0) return next
  }
  return everyoneCompleted(state) ? [sessionEnded(ALL_COMPLETED, ctx)] : []
}

/**
 * A patient who takes the empty seat during the feedback phase may be all the round was waiting for (the
 * observer scored meanwhile, or nobody left in the room saw the consultation): the next case starts at once.
 */
export function withNextCaseIfRoundScored(state: SessionState, joinEvents: SessionEvent[], ctx: DecisionContext): SessionEvent[] {
  if (state.phase !== 'FEEDBACK' || joinEvents.length === 0) return joinEvents
  const joined = joinEvents.reduce(evolve, state)
  return roundScored(joined) ? [...joinEvents, ...automaticNextCase(joined, ctx)] : joinEvents
}

function automaticNextCase(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  const caseId = chooseNextCase(state, ctx, { kind: 'continuing' })
  if (caseId !== null) return startCase(state, caseId, state.currentRound + 1, ctx)
  return state.config.sessionType === 'RECALL' ? [sessionEnded(ALL_RECALL_CASES_DONE, ctx)] : []
}

/** The observers who can score this round: someone who arrived during its feedback phase is not waited for. */
const activeObservers = (state: SessionState) =>
  state.participants.filter((p) => p.active && p.role === 'OBSERVER' && !p.joinedAfterConsultation)

/**
 * The observer's side of a round is done once one observer has scored it (then the case may move on): what the
 * patient is warned about before asking for the next case, and half of the automatic next-case rule.
 */
export function observerFeedbackStatus(state: SessionState) {
  const observers = activeObservers(state)
  return { hasObserver: observers.length > 0, observerHasGivenFeedback: observers.length === 0 || observers.some((o) => o.hasGivenFeedback), observerCount: observers.length }
}

/**
 * The automatic next case: once the patient and an observer have scored the round. A patient who took the seat
 * after the consultation has nothing to score, so the round then waits only for an observer who saw it, if any.
 */
function roundScored(state: SessionState): boolean {
  const patient = activeWithRole(state, 'PATIENT')
  if (!patient) return false
  const { hasObserver, observerHasGivenFeedback } = observerFeedbackStatus(state)
  if (patient.joinedAfterConsultation) return observerHasGivenFeedback
  return patient.hasGivenFeedback && hasObserver && observerHasGivenFeedback
}
