import * as v from 'valibot'
import type { RevealedDoctorCaseView } from './case-views.ts'
import type { CriterionView } from './content.ts'
import { FeedbackSubmitBody, MAX_TEXT } from './session-api.ts'
import type { FeedbackArea, GlobalJudgement } from './marking.ts'
import type { StationResult } from './session/station-result.ts'
import type { CriterionScore } from './session/types.ts'
import type { WireRole } from './session-wire.ts'

/**
 * The doctor's debrief of a round (the whole case with the scores it was given, once the round's feedback phase
 * is over) and the private self-assessment the doctor gives while waiting for that feedback (issue 16).
 */

const ROUND_RULE = 'round must be the round being scored'

/** GET /api/sessions/{code}/rounds/{round}/debrief: the round as the address spells it. */
export const DebriefParams = v.object({
  code: v.string(),
  round: v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'round must be a round number'), v.transform(Number)),
})

/** POST /api/sessions/{code}/self-assessment: scored on the round's mark scheme, every slot filled. */
export const SelfAssessmentBody = v.object({
  round: v.pipe(v.number(ROUND_RULE), v.integer(ROUND_RULE), v.minValue(1, ROUND_RULE)),
  comment: v.optional(v.pipe(v.string('The comment must be text'), v.maxLength(MAX_TEXT, `The comment must be at most ${MAX_TEXT} characters`)), ''),
  criteriaScores: FeedbackSubmitBody.entries.criteriaScores,
})

export interface ScoredAssessment {
  criteriaScores: CriterionScore[]
  overallPerformance: number
  comment: string
}

/** GET /api/sessions/{code}/self-assessment: the round's mark scheme, to the doctor waiting in its feedback phase. */
export interface SelfAssessmentForm {
  round: number
  criteria: CriterionView[]
  saved: ScoredAssessment | null
}

/** A score sheet in the debrief, with the exam's station result its scores give (docs/exam-marking.md). */
export interface DebriefAssessment extends ScoredAssessment, StationResult {}

export interface DebriefFeedback extends DebriefAssessment {
  fromUser: string
  fromUserRole: WireRole | 'unknown'
  globalJudgement: GlobalJudgement | null
  feedbackAreas: FeedbackArea[]
}

/** GET /api/sessions/{code}/rounds/{round}/debrief. */
export interface Debrief {
  sessionCode: string
  sessionTitle: string
  round: number
  case: RevealedDoctorCaseView
  feedback: DebriefFeedback[]
  selfAssessment: DebriefAssessment | null
}

/** GET /api/sessions/{code}/debriefs: the rounds of this session whose debrief the caller may open. */
export interface DebriefLink {
  round: number
  caseTitle: string
}
