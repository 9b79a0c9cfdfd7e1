/**
 * The examiner's seat (issue 17): what a feedback's global judgement and feedback areas must be, per role. The
 * observer marks as the exam's examiner does: a judgement always, and at least one area when the judgement is
 * Unsatisfactory or Borderline. The patient may give either or neither. A client written for the spec sends
 * neither field: its feedback is accepted from either role, with the judgement recorded as not given.
 */
import { FEEDBACK_AREAS, JUDGEMENT_TEXT, JUDGEMENTS_NEEDING_AREAS, type FeedbackArea, type GlobalJudgement } from '../marking.ts'
import { SessionRuleError, type SessionRole, type StationMarking } from './types.ts'

export const OBSERVER_JUDGEMENT_REQUIRED = 'As the observer, give a global judgement (Unsatisfactory, Borderline, Satisfactory or Good)'
export const areasRequired = (judgement: GlobalJudgement) =>
  `As the observer, tick at least one feedback area to say why the performance was ${JUDGEMENT_TEXT[judgement].label}`

export interface CheckedMarking {
  globalJudgement: GlobalJudgement | null
  feedbackAreas: FeedbackArea[]
}

export function checkedMarking(role: SessionRole, marking: StationMarking | undefined): CheckedMarking {
  if (!marking) return { globalJudgement: null, feedbackAreas: [] }
  const refusal = markingRefusal(role, marking)
  if (refusal) throw new SessionRuleError(400, refusal)
  // The exam's order, whatever order they were ticked in: cards and aggregates read them alike.
  return { globalJudgement: marking.globalJudgement, feedbackAreas: FEEDBACK_AREAS.filter((area) => marking.feedbackAreas.includes(area)) }
}

/** What is missing from a role's marking, or null: the server's refusal, and the form's before it sends. */
export function markingRefusal(role: SessionRole, { globalJudgement, feedbackAreas }: StationMarking): string | null {
  if (role !== 'OBSERVER') return null
  if (globalJudgement === null) return OBSERVER_JUDGEMENT_REQUIRED
  if (JUDGEMENTS_NEEDING_AREAS.includes(globalJudgement) && feedbackAreas.length === 0) return areasRequired(globalJudgement)
  return null
}
