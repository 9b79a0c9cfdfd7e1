/**
 * Who may note what during a station, and the events a note stores (issue 32): the examiner (observer) marks
 * checklist items, the patient ticks the facts they tell. Only ids of the current case's station are accepted.
 */
import { elapsedSeconds } from './clock.ts'
import { activeParticipant } from './participants.ts'
import { requireMayUse } from './phase-rules.ts'
import { SessionRuleError, type Actor, type ChecklistMark, type DecisionContext, type SessionEvent, type SessionState } from './types.ts'

/** The second of the consultation now, or null outside it (marks finished in the feedback phase). */
function consultationSecond(state: SessionState, now: number): number | null {
  const timer = state.timer
  return state.phase === 'CONSULTATION' && timer?.phase === 'CONSULTATION' ? elapsedSeconds(timer, now) : null
}

export function decideMarkChecklistItem(state: SessionState, command: { itemId: string; mark: ChecklistMark }, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'MarkChecklistItem', actor)
  requireWatched(state, actor)
  if (!ctx.currentStation.checklistIds.includes(command.itemId)) throw new SessionRuleError(400, "That item is not on this station's checklist")
  const latest = state.stationProgress.marks.find((mark) => mark.userId === actor.userId && mark.itemId === command.itemId)
  // The same mark twice (a double click) notes nothing new.
  if (latest?.mark === command.mark) return []
  return [{ type: 'ChecklistItemMarked', userId: actor.userId, round: state.currentRound, caseId: state.caseId!, itemId: command.itemId, mark: command.mark, second: consultationSecond(state, ctx.now), at: ctx.now }]
}

export function decideRevealFact(state: SessionState, command: { factId: string; revealed: boolean }, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'RevealFact', actor)
  if (!ctx.currentStation.factIds.includes(command.factId)) throw new SessionRuleError(400, "That fact is not in this station's script")
  const told = state.stationProgress.revealedFacts.some((fact) => fact.factId === command.factId)
  if (told === command.revealed) return []
  return [{ type: 'FactRevealed', userId: actor.userId, round: state.currentRound, caseId: state.caseId!, factId: command.factId, revealed: command.revealed, second: consultationSecond(state, ctx.now), at: ctx.now }]
}


/** An examiner who came in after the consultation saw nothing of it to mark (as they have nothing to score). */
function requireWatched(state: SessionState, actor: Actor) {
  if (activeParticipant(state, actor.userId)?.joinedAfterConsultation) throw new SessionRuleError(403, 'You joined after the consultation: there is nothing for you to mark in this round')
}
