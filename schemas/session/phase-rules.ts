/**
 * The commands that move a session through its phases: start, skip, the timer's expiry, new case / new topic,
 * complete and end. Each either returns the events to store or throws the refusal the client shows. Which phase
 * accepts which command is the session machine's (machine.ts); here is what the refusal says.
 */
import { mockStationCase, nextSlot, requireEnoughStations } from '../mock/circuit-rules.ts'
import { refusalOf, standingOf, whoRefusal, phaseRefusalOf, type Control, type Refusal } from './capabilities.ts'
import { chooseNextCase } from './case-selection.ts'
import { AFTER_CLOCK, deadlineOf, type ClockPhase } from './clock.ts'
import { phaseDurationSeconds } from './config-rules.ts'
import { anotherCaseThisRound, caseOfNewTopic, readingStarted, sessionEnded, startCase } from './next-case.ts'
import { awaitingNextRound, readingOnceEveryoneIn } from './next-round.ts'
import { phaseRefusal, type CommandType } from './machine.ts'
import { hasEnded, requireParticipant } from './participants.ts'
import { SessionRuleError, type Actor, type DecisionContext, type SessionCommand, type SessionEvent, type SessionState } from './types.ts'

export const NO_MATCHING_CASES = "No cases match this session's topics or dates"
export const FEEDBACK_TIMEOUT_REASON = 'Feedback phase timeout - session auto-completed'

const refuse = (refusal: Refusal | null) => {
  if (refusal) throw new SessionRuleError(refusal.status, refusal.reason)
}

/** Refuses what this caller may not do now (capabilities.ts): who first (403), then the phase (409). */
export function requireMayUse(state: SessionState, control: Control, actor: Actor): void {
  refuse(refusalOf(standingOf(state, actor), control))
}

/** Refuses who may not use a control at all (403), for a decision that checks its request before the phase. */
export function requireMayUseAtAll(state: SessionState, control: Control, actor: Actor): void {
  refuse(whoRefusal(standingOf(state, actor), control))
}

/** Refuses (409) a command that the session machine's current state does not accept from this caller. */
export function requireAccepted(state: SessionState, command: CommandType, actor: Actor): void {
  refuse(phaseRefusalOf(standingOf(state, actor), command as Control))
}

/** A phase that refuses everything it does not accept the same way (the end) does so before anything else. */
export function requireNotRefusedByPhase(state: SessionState, command: CommandType, actor: Actor): void {
  if (phaseRefusal(state.phase) !== undefined) requireAccepted(state, command, actor)
}

export function decideStart(state: SessionState, command: Extract<SessionCommand, { type: 'Start' }>, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  // The server's own start once the last seat came into the room: a no-op unless that is still so.
  if (command.onceEveryoneIn) return awaitingNextRound(state) ? readingOnceEveryoneIn(state, ctx) : []
  requireMayUse(state, 'Start', actor)
  // A mock exam created with its circuit and never configured is checked here, as configuring checks it.
  if (state.circuit && state.status === 'CREATED') requireEnoughStations({ ...state, caseId: null, usedCaseIds: [] }, state.config.circuit!.stations, ctx)
  if (state.caseId !== null) return [readingStarted(state, ctx)]
  // Configure found nothing (or was skipped): the bank may have gained cases since.
  const caseId = state.circuit ? mockStationCase(state, ctx) : chooseNextCase(state, ctx, { kind: 'configured' })
  if (caseId === null) throw new SessionRuleError(409, NO_MATCHING_CASES)
  return startCase(state, caseId, state.currentRound, ctx)
}

/** The commands that move the session on from wherever it stands: the doctor's buttons (see command-runner.ts). */
export type StepCommandType = Extract<Control, 'SkipPhase' | 'NewCase' | 'SelectNewTopic'>

/** The doctor's "Skip to Consultation" and "End Consultation / Give Feedback" are both this command. */
export function decideSkipPhase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'SkipPhase', actor)
  // Accepted only in reading and consultation (the machine's meta.accepts), the phases with a clock.
  return [phaseAfter(state, state.phase as ClockPhase, ctx)]
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
  if (ctx.now < deadlineOf(timer)) return []
  // A mock exam's change-over or rest station ends by moving the circuit on (schemas/mock/circuit-rules.ts).
  if (state.circuit && (timer.phase === 'FEEDBACK' || timer.phase === 'WAITING')) return nextSlot(state, ctx)
  if (timer.phase === 'FEEDBACK') return [sessionEnded(FEEDBACK_TIMEOUT_REASON, ctx)]
  // Only a mock exam's rest has a waiting clock (evolve.ts): handled above.
  return timer.phase === 'WAITING' ? [] : [phaseAfter(state, timer.phase, ctx)]
}

/**
 * The phase after a clock's (AFTER_CLOCK). The feedback phase always gets its 20-minute timeout, also when reached
 * by the doctor's skip (the reference arms it only on the consultation clock's expiry).
 */
function phaseAfter(state: SessionState, phase: ClockPhase, ctx: DecisionContext): SessionEvent {
  const next = AFTER_CLOCK[phase]
  return {
    type: 'PhaseStarted',
    phase: next,
    startTimestamp: ctx.now,
    durationSeconds: phaseDurationSeconds(state.config, next),
    at: ctx.now,
  }
}

export function decideNewCase(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'NewCase', actor)
  return anotherCaseThisRound(state, ctx)
}

/**
 * The answer to TopicSelectionNeeded. The reading clock keeps running while the doctor chooses, so a choice
 * that comes after it ran out is still taken: it opens the reading phase of the new topic's case.
 */
export function decideSelectNewTopic(state: SessionState, topic: string, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'SelectNewTopic', actor)
  return caseOfNewTopic(state, topic, ctx)
}

/**
 * The room's Exit button in the feedback phase (what the round does next is next-round.ts's); outside it, only
 * the host may close the session this way.
 */
export function decideComplete(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'Complete', actor)
  const participant = requireParticipant(state, actor)
  if (state.phase !== 'FEEDBACK') return [sessionEnded('Session completed by host', ctx)]
  if (participant.hasCompleted) return []
  return [{ type: 'ParticipantCompleted', userId: actor.userId, at: ctx.now }]
}

export function decideEnd(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'End', actor)
  return [sessionEnded('Session has been ended by the doctor.', ctx)]
}
