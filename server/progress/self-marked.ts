import { sql } from 'kysely'
import { SELF_MARKED_SHOWN, type SelfMarked } from '../../schemas/progress.ts'
import type { Db } from '../db/connect.ts'

/**
 * The candidate's self-marked solo stations of the period (issue 34), read from their own table, so nothing of them
 * reaches the peer figures, the rater agreement or a mock exam's pass marks, which read feedback.
 */
export async function selfMarkedOf(db: Db, period: { userId: number; since: Date | null }): Promise<SelfMarked> {
  let marked = db.selectFrom('solo_stations').where('user_id', '=', period.userId).where('marks', 'is not', null)
  if (period.since) marked = marked.where('marked_at', '>=', period.since)
  const totals = await marked
    .select([(eb) => eb.fn.countAll<number>().as('stations'), (eb) => eb.fn.avg<number | null>('station_score').as('mean')])
    .executeTakeFirstOrThrow()
  const latest = await marked
    .select(['id', 'marked_at', 'case_title', 'station_type', 'station_score', sql<string | null>`marks ->> 'globalJudgement'`.as('judgement')])
    .orderBy('marked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SELF_MARKED_SHOWN)
    .execute()
  return {
    stations: Number(totals.stations),
    meanScore: totals.mean === null ? null : Math.round(Number(totals.mean) * 10) / 10,
    latest: latest.map((row) => ({
      id: row.id,
      at: row.marked_at!.toISOString(),
      caseTitle: row.case_title,
      stationType: row.station_type,
      stationScore: row.station_score,
      globalJudgement: row.judgement as SelfMarked['latest'][number]['globalJudgement'],
    })),
  }
}
