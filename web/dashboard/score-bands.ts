import { criterionValue, MAX_SCORE, roundedScore } from '../../schemas/session/feedback-scores.ts'

/**
 * The colour bands of SPEC section 9. The overall score is the sum of the criterion scores (docs/decisions.md),
 * shown out of 4 x the number of criteria. It is banded by its mean per criterion, with the criterion bands, so
 * the overall word never contradicts the criteria listed under it (docs/decisions.md, "Overall band"). Each
 * band has a word as well as a colour, so it never relies on colour alone.
 */

export type Band = 'high' | 'medium' | 'low'

export const CRITERION_GOOD_FROM = 3.2
export const CRITERION_MEDIUM_FROM = 2.4

export function overallBand(sum: number, criteriaCount: number): Band {
  if (criteriaCount === 0) return 'low'
  // Rounded as scores are (two decimals), so 9.6 over 3 criteria is 3.2, not 3.1999...
  return criterionBand(roundedScore(sum / criteriaCount))
}

export function criterionBand(score: number): Band {
  if (score >= CRITERION_GOOD_FROM) return 'high'
  if (score >= CRITERION_MEDIUM_FROM) return 'medium'
  return 'low'
}

export const BAND_COLOURS: Record<Band, { text: string; background: string }> = {
  high: { text: '#166534', background: '#dcfce7' },
  medium: { text: '#92400e', background: '#fef3c7' },
  low: { text: '#991b1b', background: '#fee2e2' },
}

export const OVERALL_WORDS: Record<Band, string> = { high: 'Strong', medium: 'Developing', low: 'Needs work' }
export const CRITERION_WORDS: Record<Band, string> = { high: 'Good', medium: 'Medium', low: 'Poor' }

/** A criterion's score as given: direct, or the mean of its scored sub-criteria; null if nothing was scored. */
export const receivedCriterionScore = criterionValue

export function maximumOverall(criteriaCount: number): number {
  return MAX_SCORE * criteriaCount
}
