import type { CriterionScore } from '../../schemas/session/types.ts'
import { MAX_SCORE } from '../../schemas/session/feedback-scores.ts'

/**
 * The colour bands of SPEC section 9. The overall score is the sum of the criterion scores (docs/decisions.md),
 * shown out of 4 x the number of criteria; its bands are on that sum. Each band has a word as well as a colour,
 * so it never relies on colour alone.
 */

export type Band = 'high' | 'medium' | 'low'

export const OVERALL_GREEN_FROM = 8.1
export const OVERALL_AMBER_FROM = 4.1
export const CRITERION_GOOD_FROM = 3.2
export const CRITERION_MEDIUM_FROM = 2.4

export function overallBand(sum: number): Band {
  if (sum >= OVERALL_GREEN_FROM) return 'high'
  if (sum >= OVERALL_AMBER_FROM) return 'medium'
  return 'low'
}

export function criterionBand(score: number): Band {
  if (score >= CRITERION_GOOD_FROM) return 'high'
  if (score >= CRITERION_MEDIUM_FROM) return 'medium'
  return 'low'
}

export const OVERALL_WORDS: Record<Band, string> = { high: 'Strong', medium: 'Developing', low: 'Needs work' }
export const CRITERION_WORDS: Record<Band, string> = { high: 'Good', medium: 'Medium', low: 'Poor' }

/** A criterion's score as given: direct, or the mean of its scored sub-criteria; null if nothing was scored. */
export function receivedCriterionScore(criterion: CriterionScore): number | null {
  if (criterion.subScores.length === 0) return criterion.score
  const scored = criterion.subScores.flatMap((sub) => (sub.score === null ? [] : [sub.score]))
  return scored.length === 0 ? null : scored.reduce((sum, score) => sum + score, 0) / scored.length
}

export function maximumOverall(criteriaCount: number): number {
  return MAX_SCORE * criteriaCount
}
