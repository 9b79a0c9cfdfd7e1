/**
 * Moving a session on to its next case, or ending it: the event sequences shared by the doctor's new-case
 * commands, the feedback round and completion, with the reasons the room shows when a session ends.
 */
import { phaseDurationSeconds } from './config-rules.ts'
import { caseAssigned, chooseNextCase, topicsWithCasesLeft } from './case-selection.ts'
import { topicsToDraw } from './topic-choice.ts'
import { activeParticipants } from './participants.ts'
import { SessionRuleError, type DecisionContext, type SessionEvent, type SessionState } from './types.ts'

export const ALL_COMPLETED = 'All participants have completed their sessions'
export const ALL_TOPIC_CASES_DONE = '🎊 Congratulations! You have completed all available cases in this session.'
/** What the doctor's new case and the room are told when the topic has no case left (SPEC section 4). */
export const topicCompletedMessage = (topic: string) => `All cases in ${topic} have been completed. Please select a new topic.`
export const ALL_RECALL_CASES_DONE = '🎊 Congratulations! You have completed all available cases in the selected recall date range.'

/** Assigns the case and opens its reading phase, with the reading clock of the session's configuration. */
export function startCase(state: SessionState, caseId: number, round: number, ctx: DecisionContext): SessionEvent[] {
  return [caseAssigned(caseId, round, ctx), readingStarted(state, ctx)]
}

export function readingStarted(state: SessionState, ctx: DecisionContext): SessionEvent {
  return {
    type: 'PhaseStarted',
    phase: 'READING',
    startTimestamp: ctx.now,
    durationSeconds: phaseDurationSeconds(state.config, 'READING'),
    at: ctx.now,
  }
}

/**
 * The doctor's change of case. Before the start it only swaps the case (the host still starts the session), as
 * it does while the next round waits for its seats; during reading the reading clock starts again for the new
 * case. A case that replaces one already scored (the topic chosen after a feedback round) opens the next round.
 */
function replaceCase(state: SessionState, caseId: number, ctx: DecisionContext): SessionEvent[] {
  const round = state.caseScored ? state.currentRound + 1 : state.currentRound
  if (state.phase === 'WAITING') return [caseAssigned(caseId, round, ctx)]
  return startCase(state, caseId, round, ctx)
}

export function sessionEnded(reason: string, ctx: DecisionContext): SessionEvent {
  return { type: 'SessionEnded', reason, at: ctx.now }
}

/** The doctor asked for another case in the same round (New Case). */
export function anotherCaseThisRound(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  const caseId = chooseNextCase(state, ctx, { kind: 'continuing' })
  return caseId !== null ? replaceCase(state, caseId, ctx) : casesRanOut(state, ctx)
}

/**
 * No case is left in the session's topics or dates: the room is offered the categories that still have cases,
 * and when nothing is left anywhere the session ends with congratulations.
 */
export function casesRanOut(state: SessionState, ctx: DecisionContext): [SessionEvent] {
  if (state.config.sessionType === 'RECALL') return [sessionEnded(ALL_RECALL_CASES_DONE, ctx)]
  const availableTopics = topicsWithCasesLeft(state, ctx)
  if (availableTopics.length === 0) return [sessionEnded(ALL_TOPIC_CASES_DONE, ctx)]
  // The chosen topics took turns until every one of them ran out.
  const completedTopic = topicsToDraw(state.config.selectedTopics).join(', ')
  return [{ type: 'TopicSelectionNeeded', completedTopic, availableTopics, at: ctx.now }]
}

/** A case of the topic the doctor picked after the last one ran out (the topic joins the session's topics). */
export function caseOfNewTopic(state: SessionState, topic: string, ctx: DecisionContext): SessionEvent[] {
  const caseId = chooseNextCase(state, ctx, { kind: 'topic', topic })
  if (caseId === null) throw new SessionRuleError(400, `No cases found for topic: ${topic}`)
  const added: SessionEvent[] = state.config.selectedTopics.includes(topic) ? [] : [{ type: 'TopicAdded', topic, at: ctx.now }]
  return [...added, ...replaceCase(state, caseId, ctx)]
}

/**
 * True when every participant still in the room has finished (the doctor only by completing explicitly); someone
 * who arrived during the feedback phase has nothing to finish.
 */
export function everyoneCompleted(state: SessionState): boolean {
  return activeParticipants(state).every((p) => p.hasCompleted || p.joinedAfterConsultation)
}
