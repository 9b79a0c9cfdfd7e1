/**
 * A feedback form's scores against the case's mark scheme: every criterion rated 0-4 in whole steps, a criterion
 * with sub-criteria rated through them; the words for those scores; and the spec's overall score (on the wire for
 * the spec's client, never shown beside the exam's score out of 12: docs/decisions/0103-score-words.md).
 */
import { SessionRuleError, type CriterionScore, type CriterionShape } from './types.ts'

export const MIN_SCORE = 0
export const MAX_SCORE = 4
/**
 * What each whole score means, by score (0-4): the form shows it on each step and reads it out with the choice,
 * and the dashboard and the debrief say the same word beside every score (scoreWord).
 */
export const SCORE_DESCRIPTORS: readonly string[] = ['Not done', 'Poor', 'Adequate', 'Good', 'Excellent']
export const RATINGS_REQUIRED = 'Please provide ratings for all criteria before submitting'
export const WHOLE_SCORES = 'Scores must be whole numbers from 0 to 4'

/**
 * SPEC's "sum" reading: the sum over criteria of the score, or of the mean of the sub-scores for a criterion
 * that has sub-criteria (unscored sub-criteria are left out of the mean), rounded to 2 decimals.
 */
export function overallPerformance(criteriaScores: CriterionScore[]): number {
  let total = 0
  for (const criterion of criteriaScores) total += criterionValue(criterion) ?? 0
  return roundedScore(total)
}

/** What one criterion scores: its score, or the mean of its scored sub-scores; null when nothing is scored. */
export function criterionValue(criterion: CriterionScore): number | null {
  return criterion.subScores.length === 0 ? criterion.score : meanOfScored(criterion.subScores.map((sub) => sub.score))
}

/** What a criterion with sub-criteria scores: the mean of the sub-scores given so far; null while none is. */
export function meanOfScored(scores: readonly (number | null)[]): number | null {
  const scored = scores.flatMap((score) => (score === null ? [] : [score]))
  return scored.length === 0 ? null : scored.reduce((sum, score) => sum + score, 0) / scored.length
}

/**
 * The whole step nearest to a score or a mean, halves up, after rounding to 2 decimals (so 2.4999... from a sum of
 * thirds reads as the 2.5 a person would compute): the step a domain's grade counts and a mean's word says.
 */
export function nearestWholeScore(score: number): number {
  return Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.floor(roundedScore(score) + 0.5)))
}

/** The word for a score: a whole score's own, a mean's that of its nearest whole step (2.5 of sub-scores is Good). */
export function scoreWord(score: number): string {
  return SCORE_DESCRIPTORS[nearestWholeScore(score)]
}

/** Scores are kept and shown to 2 decimals: a mean of sub-scores needs no more. */
export function roundedScore(score: number): number {
  return Math.round(score * 100) / 100
}

/**
 * Checks that the scores cover exactly the mark scheme and returns them in the scheme's order under its names,
 * so a stored feedback never carries a criterion the case does not have.
 */
export function checkedScores(criteria: readonly CriterionShape[], submitted: CriterionScore[]): CriterionScore[] {
  const everyScore = submitted.flatMap((c) => [c.score, ...c.subScores.map((sub) => sub.score)])
  if (everyScore.some((score) => score !== null && !isWholeScore(score))) throw new SessionRuleError(400, WHOLE_SCORES)

  const byId = new Map(submitted.map((c) => [c.criterionId, c]))
  if (byId.size !== submitted.length || submitted.length !== criteria.length) throw new SessionRuleError(400, RATINGS_REQUIRED)
  return criteria.map((criterion) => {
    const given = byId.get(criterion.id)
    if (!given) throw new SessionRuleError(400, RATINGS_REQUIRED)
    return criterion.subCriteria.length === 0 ? scoredDirectly(criterion, given) : scoredThroughSubCriteria(criterion, given)
  })
}

function scoredDirectly(criterion: CriterionShape, given: CriterionScore): CriterionScore {
  if (given.score === null || given.subScores.length > 0) throw new SessionRuleError(400, RATINGS_REQUIRED)
  return { criterionId: criterion.id, criterionName: criterion.name, domain: criterion.domain, score: given.score, subScores: [] }
}

function scoredThroughSubCriteria(criterion: CriterionShape, given: CriterionScore): CriterionScore {
  const byId = new Map(given.subScores.map((sub) => [sub.subCriterionId, sub]))
  const complete =
    given.score === null &&
    byId.size === given.subScores.length &&
    given.subScores.length === criterion.subCriteria.length &&
    criterion.subCriteria.every((sub) => byId.get(sub.id)?.score != null)
  if (!complete) throw new SessionRuleError(400, RATINGS_REQUIRED)
  return {
    criterionId: criterion.id,
    criterionName: criterion.name,
    domain: criterion.domain,
    score: null,
    subScores: criterion.subCriteria.map((sub) => ({
      subCriterionId: sub.id,
      subCriterionName: sub.name,
      score: byId.get(sub.id)?.score ?? null,
    })),
  }
}

/** Whether these scores cover the whole mark scheme in whole steps: what the server will accept, asked before sending. */
export function scoresComplete(criteria: readonly CriterionShape[], submitted: CriterionScore[]): boolean {
  try {
    checkedScores(criteria, submitted)
    return true
  } catch (refusal) {
    if (refusal instanceof SessionRuleError) return false
    throw refusal
  }
}

export function isWholeScore(score: number): boolean {
  return Number.isInteger(score) && score >= MIN_SCORE && score <= MAX_SCORE
}
