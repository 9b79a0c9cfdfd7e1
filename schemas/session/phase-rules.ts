/**
 * The commands that move a session through its phases: start, skip, the timer's expiry, new case / new topic,
 * complete and end. Each either returns the events to store or throws the refusal the client shows. Which phase
 * accepts which command is the session machine's (machine.ts); here is what the refusal says.
 */
import { chooseNextCase } from './case-selection.ts'
import { phaseDurationSeconds } from './config-rules.ts'
import { anotherCaseThisRound, caseOfNewTopic, readingStarted, sessionEnded, startCase } from './next-case.ts'
import { awaitingNextRound, readingOnceEveryoneIn } from './next-round.ts'
import { phaseAccepts, phaseRefusal, type CommandType } from './machine.ts'
import { hasEnded, requireDoctor, requireParticipant } from './participants.ts'
import { SessionRuleError, type Actor, type Phase, type DecisionContext, type SessionCommand, type SessionEvent, type SessionState } from './types.ts'

export const NO_MATCHING_CASES = "No cases match this session's topics or dates"
export const FEEDBACK_TIMEOUT_REASON = 'Feedback phase timeout - session auto-completed'

export const FEEDBACK_TOO_EARLY = 'Feedback can be submitted once the consultation has ended'
// Changing the case is for before the consultation: once it runs, the group is discussing this one.
const CASE_CHANGE_TOO_LATE = 'A new case can only be chosen before the consultation starts'

/** What a command refused by the current phase is told, when the phase has no refusal of its own. */
const OUT_OF_PHASE: Partial<Record<CommandType, string>> = {
  Configure: 'The session can only be configured before it starts',
  Start: 'The session has already started',
  SkipPhase: 'Nothing to skip in this phase',
  NewCase: CASE_CHANGE_TOO_LATE,
  SelectNewTopic: CASE_CHANGE_TOO_LATE,
  SubmitFeedback: FEEDBACK_TOO_EARLY,
  Complete: 'You can only complete the session during the feedback phase',
}

/** Refuses (409) a command that the session machine's current state does not accept from this caller. */
export function requireAccepted(state: SessionState, command: CommandType, actor: Actor): void {
  if (phaseAccepts(state, command, actor)) return
  const phase = state.phase.toLowerCase()
  throw new SessionRuleError(409, phaseRefusal(state) ?? OUT_OF_PHASE[command] ?? `Not possible in the ${phase} phase`)
}

/** A phase that refuses everything it does not accept the same way (the end) does so before anything else. */
export function requireNotRefusedByPhase(state: SessionState, command: CommandType, actor: Actor): void {
  if (phaseRefusal(state) !== undefined) requireAccepted(state, command, actor)
}

/**
 * Whoever created the session opens it (SPEC section 4: the host, who sits as the doctor); the room shows Start to
 * them only. The next round, waiting for someone who is not in the room, may also be started by its doctor, who
 * is told whom it leaves behind (the room's confirmation).
 */
export function mayStart(session: { isHost: boolean; isDoctor: boolean; phase: Phase; status: SessionState['status'] }): boolean {
  return session.isHost || (session.isDoctor && awaitingNextRound(session))
}

export const CHOOSE_TOPIC_FIRST = 'Choose the next topic first: the last one has no case left'

export function decideStart(state: SessionState, command: Extract<SessionCommand, { type: 'Start' }>, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  // The server's own start once the last seat came into the room: a no-op unless that is still so.
  if (command.onceEveryoneIn) return awaitingNextRound(state) ? readingOnceEveryoneIn(state, ctx) : []
  const participant = requireParticipant(state, actor)
  const may = mayStart({ isHost: state.hostUserId === actor.userId, isDoctor: participant.role === 'DOCTOR', phase: state.phase, status: state.status })
  if (!may) throw new SessionRuleError(403, 'Only the host can start the session')
  requireAccepted(state, 'Start', actor)
  if (state.topicChoicePending) throw new SessionRuleError(409, CHOOSE_TOPIC_FIRST)
  if (state.caseId !== null) return [readingStarted(state, ctx)]
  // Configure found nothing (or was skipped): the bank may have gained cases since.
  const caseId = chooseNextCase(state, ctx, { kind: 'configured' })
  if (caseId === null) throw new SessionRuleError(409, NO_MATCHING_CASES)
  return startCase(state, caseId, state.currentRound, ctx)
}

/** The commands that move the session on from wherever it stands: the doctor's buttons (see command-runner.ts). */
export type StepCommandType = 'SkipPhase' | 'NewCase' | 'SelectNewTopic'

/**
 * Who may press a step command: the doctor, and for a skip also an admin. The server checks it before anything
 * about the session's timing, so someone who may not act is told so (403) and learns nothing of the clock.
 */
export function requireMayStep(state: SessionState, command: StepCommandType, actor: Actor): void {
  if (command === 'SkipPhase' && actor.isAdmin) return
  requireDoctor(state, actor)
}

/** The doctor's "Skip to Consultation" and "End Consultation / Give Feedback" are both this command. */
export function decideSkipPhase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayStep(state, 'SkipPhase', actor)
  requireAccepted(state, 'SkipPhase', actor)
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
 * Reading -> consultation, consultation -> feedback (the only phases skipped or timed out into another). The
 * feedback phase always gets its 20-minute timeout, also when reached by the doctor's skip (the reference arms
 * it only on the consultation clock's expiry).
 */
function phaseAfter(state: SessionState, phase: Phase, ctx: DecisionContext): SessionEvent {
  const next = phase === 'READING' ? 'CONSULTATION' : 'FEEDBACK'
  return {
    type: 'PhaseStarted',
    phase: next,
    startTimestamp: ctx.now,
    durationSeconds: phaseDurationSeconds(state.config, next),
    at: ctx.now,
  }
}

export function decideNewCase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayStep(state, 'NewCase', actor)
  requireAccepted(state, 'NewCase', actor)
  return anotherCaseThisRound(state, ctx)
}

/**
 * The answer to TopicSelectionNeeded. The reading clock keeps running while the doctor chooses, so a choice
 * that comes after it ran out is still taken: it opens the reading phase of the new topic's case.
 */
export function decideSelectNewTopic(state: SessionState, topic: string, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayStep(state, 'SelectNewTopic', actor)
  requireAccepted(state, 'SelectNewTopic', actor)
  return caseOfNewTopic(state, topic, ctx)
}

/**
 * The room's Exit button in the feedback phase (what the round does next is next-round.ts's); outside it, only
 * the host may close the session this way.
 */
export function decideComplete(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  const participant = requireParticipant(state, actor)
  requireAccepted(state, 'Complete', actor)
  if (state.phase !== 'FEEDBACK') return [sessionEnded('Session completed by host', ctx)]
  if (participant.hasCompleted) return []
  return [{ type: 'ParticipantCompleted', userId: actor.userId, at: ctx.now }]
}

export function decideEnd(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireDoctor(state, actor, 'Only the doctor can end the session')
  return [sessionEnded('Session has been ended by the doctor.', ctx)]
}
