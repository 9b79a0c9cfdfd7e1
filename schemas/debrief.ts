import * as v from 'valibot'
import { RevealedDoctorCaseViewSchema } from './case-views.ts'
import { CriterionViewSchema } from './content.ts'
import { FeedbackSubmitBody, MAX_TEXT } from './session-api.ts'
import { DOMAINS, FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from './marking.ts'
import { CHECKLIST_MARKS } from './session/types.ts'
import { ChecklistItem, PatientFact } from './station/station.ts'
import { CriterionScoreSchema, DomainScoreSchema, GiverRoleSchema } from './session-wire.ts'

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

export const ScoredAssessmentSchema = v.object({
  criteriaScores: v.array(CriterionScoreSchema),
  overallPerformance: v.number(),
  comment: v.string(),
})
export type ScoredAssessment = v.InferOutput<typeof ScoredAssessmentSchema>

/** GET /api/sessions/{code}/self-assessment: the round's mark scheme, to the doctor waiting in its feedback phase. */
export const SelfAssessmentFormSchema = v.object({
  round: v.number(),
  criteria: v.array(CriterionViewSchema),
  saved: v.nullable(ScoredAssessmentSchema),
})
export type SelfAssessmentForm = v.InferOutput<typeof SelfAssessmentFormSchema>

/** A score sheet in the debrief, with the exam's station result its scores give (docs/exam-marking.md). */
export const DebriefAssessmentSchema = v.object({
  ...ScoredAssessmentSchema.entries,
  domainScores: v.array(DomainScoreSchema),
  stationScore: v.nullable(v.number()),
})
export type DebriefAssessment = v.InferOutput<typeof DebriefAssessmentSchema>

export const DebriefFeedbackSchema = v.object({
  ...DebriefAssessmentSchema.entries,
  fromUser: v.string(),
  fromUserRole: GiverRoleSchema,
  globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
  feedbackAreas: v.array(v.picklist(FEEDBACK_AREAS)),
})
export type DebriefFeedback = v.InferOutput<typeof DebriefFeedbackSchema>

/** What was noted during a station's round (issue 32): the examiners' marks and the facts told, in time. */
export const RoundNotesSchema = v.object({
  /** Each checklist item with every examiner's final mark on it, side by side (none: not marked). */
  checklist: v.array(
    v.object({
      ...ChecklistItem.entries,
      marks: v.array(v.object({ userId: v.number(), by: v.string(), mark: v.picklist(CHECKLIST_MARKS), second: v.nullable(v.number()) })),
    }),
  ),
  facts: v.array(v.object({ ...PatientFact.entries, told: v.boolean(), toldAt: v.nullable(v.number()) })),
  /** Every note in the order made; `second` of the consultation, null when made after it. */
  timeline: v.array(
    v.object({
      second: v.nullable(v.number()),
      kind: v.picklist(['MARK', 'FACT', 'FACT_WITHDRAWN']),
      by: v.string(),
      text: v.string(),
      domain: v.nullable(v.picklist(DOMAINS)),
      mark: v.nullable(v.picklist(CHECKLIST_MARKS)),
    }),
  ),
})
export type RoundNotes = v.InferOutput<typeof RoundNotesSchema>

/** GET /api/sessions/{code}/rounds/{round}/debrief. */
export const DebriefSchema = v.object({
  sessionCode: v.string(),
  sessionTitle: v.string(),
  round: v.number(),
  case: RevealedDoctorCaseViewSchema,
  feedback: v.array(DebriefFeedbackSchema),
  selfAssessment: v.nullable(DebriefAssessmentSchema),
  /** An addition (issue 32): the round's notes of a station case; null for a case in the older shape. */
  notes: v.nullable(RoundNotesSchema),
})
export type Debrief = v.InferOutput<typeof DebriefSchema>

/** GET /api/sessions/{code}/debriefs: the rounds of this session whose debrief the caller may open. */
export const DebriefLinkSchema = v.object({ round: v.number(), caseTitle: v.string() })
export type DebriefLink = v.InferOutput<typeof DebriefLinkSchema>
