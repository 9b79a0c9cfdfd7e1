/**
 * The commands that move a session through its phases: start, skip, the timer's expiry, new case / new topic,
 * complete and end. Each either returns the events to store or throws the refusal the client shows.
 */
import { chooseNextCase } from './case-selection.ts'
import { phaseDurationSeconds } from './config-rules.ts'
import { evolve } from './evolve.ts'
import {
  ALL_COMPLETED,
  anotherCaseThisRound,
  caseOfNewTopic,
  everyoneCompleted,
  readingStarted,
  sessionEnded,
  startCase,
} from './next-case.ts'
import { hasEnded, requireDoctor, requireHost, requireParticipant } from './participants.ts'
import { SessionRuleError, type Actor, type DecisionContext, type SessionCommand, type SessionEvent, type SessionState } from './types.ts'

export const NO_MATCHING_CASES = "No cases match this session's topics or dates"
export const FEEDBACK_TIMEOUT_REASON = 'Feedback phase timeout - session auto-completed'

export function decideStart(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireHost(state, actor, 'Only the host can start the session')
  if (state.phase !== 'WAITING') throw new SessionRuleError(409, 'The session has already started')
  if (state.caseId !== null) return [readingStarted(state, ctx)]
  // Configure found nothing (or was skipped): the bank may have gained cases since.
  const caseId = chooseNextCase(state, ctx, { kind: 'configured' })
  if (caseId === null) throw new SessionRuleError(409, NO_MATCHING_CASES)
  return startCase(state, caseId, state.currentRound, ctx)
}

/** The doctor's "Skip to Consultation" and "End Consultation / Give Feedback" are both this command. */
export function decideSkipPhase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  if (!actor.isAdmin) requireDoctor(state, actor)
  if (state.phase !== 'READING' && state.phase !== 'CONSULTATION') {
    throw new SessionRuleError(409, 'Nothing to skip in this phase')
  }
  return [phaseAfter(state, state.phase, ctx)]
}

/**
 * The timer service's expiry. Anything but the exact running clock past its deadline is a no-op, so a late,
 * repeated or raced expiry (two server instances, or a skip just before) stores nothing and fails nothing.
 */
export function decideExpireTimer(
  state: SessionState,
  command: Extract<SessionCommand, { type: 'ExpireTimer' }>,
  ctx: DecisionContext,
): SessionEvent[] {
  const { timer } = state
  if (hasEnded(state) || !timer || timer.phase !== command.phase || timer.startTimestamp !== command.startTimestamp) return []
  if (ctx.now < timer.startTimestamp + timer.durationSeconds * 1000) return []
  if (timer.phase === 'FEEDBACK') return [sessionEnded(FEEDBACK_TIMEOUT_REASON, ctx)]
  return [phaseAfter(state, timer.phase, ctx)]
}

/**
 * Reading -> consultation, consultation -> feedback. The feedback phase always gets its 20-minute timeout,
 * also when reached by the doctor's skip (the reference arms it only on the consultation clock's expiry).
 */
function phaseAfter(state: SessionState, phase: 'READING' | 'CONSULTATION', ctx: DecisionContext): SessionEvent {
  const next = phase === 'READING' ? 'CONSULTATION' : 'FEEDBACK'
  return {
    type: 'PhaseStarted',
    phase: next,
    startTimestamp: ctx.now,
    durationSeconds: phaseDurationSeconds(state.config, next),
    at: ctx.now,
  }
}

/** Changing the case is for before the consultation: once it runs, the group is discussing this one. */
function requireCaseChangeAllowed(state: SessionState, actor: Actor): void {
  requireDoctor(state, actor)
  if (state.phase !== 'READING' && state.phase !== 'WAITING') {
    throw new SessionRuleError(409, 'A new case can only be chosen before the consultation starts')
  }
}

export function decideNewCase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireCaseChangeAllowed(state, actor)
  return anotherCaseThisRound(state, ctx)
}

/**
 * The answer to TopicSelectionNeeded. The reading clock keeps running while the doctor chooses, so a choice
 * that comes after it ran out is still taken: it opens the reading phase of the new topic's case.
 */
export function decideSelectNewTopic(state: SessionState, topic: string, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  if (state.topicChoicePending && state.phase === 'CONSULTATION') requireDoctor(state, actor)
  else requireCaseChangeAllowed(state, actor)
  return caseOfNewTopic(state, topic, ctx)
}

/** The room's Exit button in the feedback phase; outside it, only the host may close the session this way. */
export function decideComplete(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  const participant = requireParticipant(state, actor)
  if (state.phase !== 'FEEDBACK') {
    if (state.hostUserId !== actor.userId) {
      throw new SessionRuleError(409, 'You can only complete the session during the feedback phase')
    }
    return [sessionEnded('Session completed by host', ctx)]
  }
  if (participant.hasCompleted) return []
  const completed: SessionEvent = { type: 'ParticipantCompleted', userId: actor.userId, at: ctx.now }
  return everyoneCompleted(evolve(state, completed)) ? [completed, sessionEnded(ALL_COMPLETED, ctx)] : [completed]
}

export function decideEnd(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireDoctor(state, actor, 'Only the doctor can end the session')
  return [sessionEnded('Session has been ended by the doctor.', ctx)]
}
