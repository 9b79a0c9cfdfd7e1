/**
 * The feedback form's rules (SPEC section 5, feedback submit): one score slot per criterion without
 * sub-criteria and per sub-criterion, all empty at first; nothing is sent until every slot is filled. The
 * scores' own rules (whole steps from MIN_SCORE to MAX_SCORE, a sub-criteria mean) are the server's (schemas/session/feedback-scores.ts).
 */
import * as v from 'valibot'
import type { CriterionView } from '../../../schemas/content.ts'
import { MAX_TEXT } from '../../../schemas/session-api.ts'
import { MAX_SCORE, MIN_SCORE, RATINGS_REQUIRED, criterionValue, isWholeScore, roundedScore, scoresComplete } from '../../../schemas/session/feedback-scores.ts'
import type { CriterionScore, StationMarking } from '../../../schemas/session/types.ts'
import { isEmptyMarking, NO_MARKING, SavedMarking } from './marking-form.ts'

export { RATINGS_REQUIRED }

export const SCORE_STEPS: readonly number[] = Array.from({ length: MAX_SCORE - MIN_SCORE + 1 }, (_, i) => MIN_SCORE + i)

/** Scores given so far, by slot id; a slot not present is still empty. */
export type ScoreSlots = Readonly<Record<string, number>>

export interface FeedbackDraft {
  scores: ScoreSlots
  comment: string
  /** The global judgement and feedback areas (marking-form.ts). */
  marking: StationMarking
}

export const EMPTY_DRAFT: FeedbackDraft = { scores: {}, comment: '', marking: NO_MARKING }

export const NO_CRITERIA = 'No feedback criteria defined for this case. Please contact the administrator.'

/** The case's criteria and sub-criteria in the order the case gives them. */
export function orderedCriteria(criteria: readonly CriterionView[]): CriterionView[] {
  return [...criteria]
    .sort((a, b) => a.order - b.order)
    .map((criterion) => ({ ...criterion, subCriteria: [...(criterion.subCriteria ?? [])].sort((a, b) => a.order - b.order) }))
}

/** Sub-criteria are scored in their own slots; a criterion is scored directly only when it has none. */
export function hasSubCriteria(criterion: CriterionView): boolean {
  return (criterion.subCriteria ?? []).length > 0
}

export function slotId(criterionId: string, subCriterionId?: string): string {
  return subCriterionId === undefined ? criterionId : `${criterionId}/${subCriterionId}`
}

export function slotsOf(criteria: readonly CriterionView[]): string[] {
  return orderedCriteria(criteria).flatMap((criterion) =>
    hasSubCriteria(criterion) ? criterion.subCriteria.map((sub) => slotId(criterion.id, sub.id)) : [slotId(criterion.id)],
  )
}

/** A score for a slot of this mark scheme, or the draft unchanged for anything else. */
export function withScore(draft: FeedbackDraft, criteria: readonly CriterionView[], slot: string, score: number): FeedbackDraft {
  if (!isWholeScore(score) || !slotsOf(criteria).includes(slot)) return draft
  return { ...draft, scores: { ...draft.scores, [slot]: score } }
}

/** Ready to send: every slot scored, as the server checks it (feedback-scores.ts); a case with no criteria never is. */
export function isComplete(criteria: readonly CriterionView[], scores: ScoreSlots): boolean {
  const shapes = orderedCriteria(criteria).map((criterion) => ({ ...criterion, domain: criterion.domain ?? null }))
  return shapes.length > 0 && scoresComplete(shapes, toCriteriaScores(criteria, scores))
}

/** What a criterion scores so far: the server's criterionValue of the slots given (null while none is). */
export const criterionScore = (criterion: CriterionView, scores: ScoreSlots): number | null => criterionValue(scoresOf(criterion, scores))

/** One criterion's entry of the body: a criterion with sub-criteria sends score null. */
function scoresOf(criterion: CriterionView, scores: ScoreSlots): CriterionScore {
  return {
    criterionId: criterion.id,
    criterionName: criterion.name,
    score: hasSubCriteria(criterion) ? null : (scores[slotId(criterion.id)] ?? null),
    subScores: (criterion.subCriteria ?? []).map((sub) => ({
      subCriterionId: sub.id,
      subCriterionName: sub.name,
      score: scores[slotId(criterion.id, sub.id)] ?? null,
    })),
  }
}

/** The body's `criteriaScores` (WIRE.md section 5). */
export const toCriteriaScores = (criteria: readonly CriterionView[], scores: ScoreSlots): CriterionScore[] =>
  orderedCriteria(criteria).map((criterion) => scoresOf(criterion, scores))

/** A draft as the browser kept it; anything else (another version's shape, an edited value) is dropped. */
const SavedDraft = v.object({
  scores: v.record(v.string(), v.number()),
  comment: v.pipe(v.string(), v.maxLength(MAX_TEXT)),
  marking: SavedMarking,
})

/** A kept draft back in the form, each score checked against this case's slots and steps as if given now. */
export function restoredDraft(saved: unknown, criteria: readonly CriterionView[]): FeedbackDraft {
  const parsed = v.safeParse(SavedDraft, saved)
  if (!parsed.success) return EMPTY_DRAFT
  const { scores, comment, marking } = parsed.output
  return Object.entries(scores).reduce((draft, [slot, score]) => withScore(draft, criteria, slot, score), { scores: {}, comment, marking })
}

export const isEmptyDraft = (draft: FeedbackDraft) => draft.comment === '' && Object.keys(draft.scores).length === 0 && isEmptyMarking(draft.marking)

/** Shows 2.5 as "2.5" and 2.333 as "2.33". */
export function formatScore(score: number): string {
  return String(roundedScore(score))
}
