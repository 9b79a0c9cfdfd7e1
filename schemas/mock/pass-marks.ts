import * as v from 'valibot'
import { GLOBAL_JUDGEMENTS } from '../marking.ts'
import { MAX_STATION_SCORE } from '../session/station-result.ts'

/**
 * A station's pass mark (issue 33), as the GMC sets it (../shared/PLAB2.md): borderline regression. Every mark the
 * platform holds for the case with a global judgement gives a point (judgement, station score); the least-squares
 * line through them, read at "Borderline", is the pass mark. Computed in SQL over the feedback table whenever a
 * result sheet is read (server/mock/pass-marks.ts), so it follows every mark as it arrives. The method is in
 * docs/mock-exam.md.
 */

/** The judgements on the regression's axis, in order: Unsatisfactory 0, Borderline 1, Satisfactory 2, Good 3. */
export const JUDGEMENT_VALUE = Object.fromEntries(GLOBAL_JUDGEMENTS.map((judgement, index) => [judgement, index])) as Record<(typeof GLOBAL_JUDGEMENTS)[number], number>
export const BORDERLINE_VALUE = JUDGEMENT_VALUE.BORDERLINE

/** Fewer marks than this, or marks all of one judgement, and the line says little: the default is used. */
export const MIN_MARKS_FOR_REGRESSION = 10

/**
 * The pass mark of a station with too few marks: 7 of 12, a borderline performance taken as between C (2) and
 * B (3) in each domain, nearer C. A practice estimate, labelled as such on the sheet.
 */
export const DEFAULT_PASS_MARK = 7

export const PassMarkSchema = v.object({
  value: v.number(),
  method: v.picklist(['REGRESSION', 'DEFAULT']),
  /** How many marks with a judgement the platform holds for the case. */
  marks: v.number(),
})
export type PassMark = v.InferOutput<typeof PassMarkSchema>

/** The pass mark from the regression's terms, as SQL computes them; the default where they cannot be trusted. */
export function passMarkFrom(stats: { marks: number; judgementLevels: number; intercept: number | null; slope: number | null }): PassMark {
  if (stats.marks < MIN_MARKS_FOR_REGRESSION || stats.judgementLevels < 2 || stats.intercept === null || stats.slope === null) {
    return { value: DEFAULT_PASS_MARK, method: 'DEFAULT', marks: stats.marks }
  }
  const atBorderline = stats.intercept + stats.slope * BORDERLINE_VALUE
  return { value: Math.round(Math.min(MAX_STATION_SCORE, Math.max(0, atBorderline)) * 100) / 100, method: 'REGRESSION', marks: stats.marks }
}

/** The sheet's words for where a pass mark came from. */
export function passMarkSource(passMark: PassMark): string {
  if (passMark.method === 'REGRESSION') return `estimated from ${passMark.marks} marks`
  if (passMark.marks >= MIN_MARKS_FOR_REGRESSION) return `default (its ${passMark.marks} marks all have one judgement, so no line can be drawn)`
  return `default (${passMark.marks} of the ${MIN_MARKS_FOR_REGRESSION} marks needed to estimate it)`
}
