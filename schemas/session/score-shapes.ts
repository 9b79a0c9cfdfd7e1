import type { Domain, FeedbackArea, GlobalJudgement } from '../marking.ts'

/**
 * The shapes of a mark scheme and of the scores given on it: what the decider checks feedback against and what
 * feedback events store (types.ts re-exports them with the rest of the session's model).
 */

/** The examiner's part of a feedback beyond the scores: a global judgement and the feedback areas ticked. */
export interface StationMarking {
  globalJudgement: GlobalJudgement | null
  feedbackAreas: FeedbackArea[]
}

export interface CriterionShape {
  id: string
  name: string
  /** The exam domain the case's author put it in; null while unassigned (cases from before domains). */
  domain: Domain | null
  subCriteria: { id: string; name: string }[]
}

export interface SubScore {
  subCriterionId: string
  subCriterionName: string
  score: number | null
}

export interface CriterionScore {
  criterionId: string
  criterionName: string
  /**
   * Copied from the case when the feedback is given, so a later edit of the case does not regrade it. Absent in
   * submissions and in feedback given before domains; null for a criterion the case had not assigned.
   */
  domain?: Domain | null
  score: number | null
  subScores: SubScore[]
}
