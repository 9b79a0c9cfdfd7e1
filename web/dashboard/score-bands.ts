/**
 * The colour bands of SPEC section 9 for one criterion's score: 3.2 or more, 2.4 or more, below. They colour a
 * score and never name it: the word beside a score is the score's own (scoreWord, from SCORE_DESCRIPTORS), the
 * one the feedback form shows, so no page says two words for one mark (issue 29). Colour is never the only cue.
 */

export type Band = 'high' | 'medium' | 'low'

export const CRITERION_GOOD_FROM = 3.2
export const CRITERION_MEDIUM_FROM = 2.4

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
