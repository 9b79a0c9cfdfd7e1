import { sql } from 'kysely'
import { GLOBAL_JUDGEMENTS } from '../../schemas/marking.ts'
import { JUDGEMENT_VALUE, passMarkFrom, type PassMark } from '../../schemas/mock/pass-marks.ts'
import type { Db } from '../db/connect.ts'

/** The judgement as a number on the regression's axis, written out in SQL from the one table of values. */
const JUDGEMENT_AS_NUMBER = sql.raw(`case global_judgement ${GLOBAL_JUDGEMENTS.map((judgement) => `when '${judgement}' then ${JUDGEMENT_VALUE[judgement]}`).join(' ')} end`)

/**
 * Each case's pass mark by borderline regression (schemas/mock/pass-marks.ts) over every mark with a judgement and
 * a station score (a patient's or an examiner's; a doctor's self-assessment is elsewhere and never counts). One
 * statement, with PostgreSQL's own regression aggregates, the same on PGlite.
 */
export async function passMarksOf(db: Db, caseIds: readonly number[]): Promise<Map<number, PassMark>> {
  const ids = [...new Set(caseIds)]
  const found = new Map<number, PassMark>()
  if (ids.length > 0) {
    const { rows } = await sql<{ case_id: number; marks: number; levels: number; intercept: number | null; slope: number | null }>`
      select case_id, count(*)::int as marks, count(distinct global_judgement)::int as levels,
        regr_intercept(station_score::float8, ${JUDGEMENT_AS_NUMBER}::float8) as intercept,
        regr_slope(station_score::float8, ${JUDGEMENT_AS_NUMBER}::float8) as slope
      from feedback
      where case_id in (${sql.join(ids)}) and station_score is not null and global_judgement is not null
      group by case_id`.execute(db)
    for (const row of rows) found.set(Number(row.case_id), passMarkFrom({ marks: row.marks, judgementLevels: row.levels, intercept: row.intercept, slope: row.slope }))
  }
  return new Map(ids.map((id) => [id, found.get(id) ?? passMarkFrom({ marks: 0, judgementLevels: 0, intercept: null, slope: null })]))
}
