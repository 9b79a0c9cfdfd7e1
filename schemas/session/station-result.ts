/**
 * The exam's station result derived from one feedback's scores (../shared/PLAB2.md): per domain the mean of its
 * criteria mapped to a grade A-E counted 4-0, and the station score, the sum of the three, 0-12.
 */
import { DOMAINS, type Domain } from '../marking.ts'
import { criterionValue, nearestWholeScore, roundedScore } from './feedback-scores.ts'
import type { CriterionScore } from './types.ts'

export const GRADES = ['E', 'D', 'C', 'B', 'A'] as const
export type Grade = (typeof GRADES)[number]
export const MAX_STATION_SCORE = 12

export interface DomainScore {
  domain: Domain
  /** The mean of the domain's criteria (each its score, or the mean of its sub-scores), 2 decimals; null when the case has none in it. */
  mean: number | null
  grade: Grade | null
  /** The grade counted as the exam counts it: A 4, B 3, C 2, D 1, E 0. */
  points: number | null
  criteriaCount: number
}

export interface StationResult {
  /** Always the three domains, in DOMAINS order. */
  domainScores: DomainScore[]
  /** The sum of the three domains' points; null unless every domain was graded (a case with an unassigned domain). */
  stationScore: number | null
}

/** A mean on the 0-4 scale to the nearest grade, halves up: 3.5 and above A, 2.5 B, 1.5 C, 0.5 D, below E. */
export function gradeOfMean(mean: number): { grade: Grade; points: number } {
  const points = nearestWholeScore(mean)
  return { grade: GRADES[points], points }
}

export function stationResult(criteriaScores: readonly CriterionScore[]): StationResult {
  const domainScores = DOMAINS.map((domain) => domainScore(domain, criteriaScores.filter((criterion) => criterion.domain === domain)))
  const graded = domainScores.flatMap((score) => (score.points === null ? [] : [score.points]))
  return { domainScores, stationScore: graded.length === DOMAINS.length ? graded.reduce((sum, points) => sum + points, 0) : null }
}

function domainScore(domain: Domain, criteria: readonly CriterionScore[]): DomainScore {
  const values = criteria.flatMap((criterion) => {
    const value = criterionValue(criterion)
    return value === null ? [] : [value]
  })
  if (values.length === 0) return { domain, mean: null, grade: null, points: null, criteriaCount: criteria.length }
  const mean = roundedScore(values.reduce((sum, value) => sum + value, 0) / values.length)
  return { domain, mean, ...gradeOfMean(mean), criteriaCount: criteria.length }
}
