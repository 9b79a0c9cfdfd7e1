import type { Selectable } from 'kysely'
import { doctorCaseView } from '../../schemas/case-views.ts'
import type { CaseView } from '../../schemas/content.ts'
import { soloPhaseAt, soloTimerAt, consultationStartOf, stationEndOf, type SoloTimes } from '../../schemas/solo/solo-station.ts'
import type { SoloSavedMarks, SoloStation, SoloStationList } from '../../schemas/solo/solo-wire.ts'
import type { Db } from '../db/connect.ts'
import type { SoloStationsTable } from '../db/schema.ts'

export type SoloRow = Selectable<SoloStationsTable>

/** How many of a candidate's solo stations the list gives: a few months of daily practice. */
export const SOLO_LIST_LIMIT = 100

export const timesOf = (row: SoloRow): SoloTimes => ({
  startedAt: row.started_at,
  readingSeconds: row.reading_seconds,
  consultationSeconds: row.consultation_seconds,
  consultationStartedAt: row.consultation_started_at,
  endedAt: row.ended_at,
})

/** The caller's own station; anyone else's is answered as if it did not exist. */
export const ownSoloStation = (db: Db, id: number, userId: number): Promise<SoloRow | undefined> =>
  db.selectFrom('solo_stations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

export async function soloStartsSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db.selectFrom('solo_stations').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).where('started_at', '>', since).executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * The ids of the cases a candidate has practised as the doctor, in sessions (the feedback given to them) or alone:
 * a solo station prefers others, and "Find a case" filters them out (server/case-search/) with this subquery.
 */
export const practisedCaseIds = (db: Db, userId: number) =>
  db
    .selectFrom('feedback')
    .select('case_id')
    .where('to_user_id', '=', userId)
    .where('case_id', 'is not', null)
    .union(db.selectFrom('solo_stations').select('case_id').where('user_id', '=', userId).where('case_id', 'is not', null))

export async function practisedCases(db: Db, userId: number): Promise<Set<number>> {
  const rows = await practisedCaseIds(db, userId).execute()
  return new Set(rows.map((row) => Number(row.case_id)))
}

/**
 * The station as its candidate sees it at `now`: the whole case only once the station is over, as the exam's
 * candidate meets the examiner's checklist only afterwards.
 */
export function soloView(row: SoloRow, fullCase: CaseView, now: number): SoloStation {
  const times = timesOf(row)
  const phase = soloPhaseAt(times, now)
  return {
    id: row.id,
    phase,
    timer: soloTimerAt(times, now),
    startedAt: row.started_at,
    consultationStartedAt: consultationStartOf(times),
    endedAt: phase === 'MARKING' ? stationEndOf(times) : null,
    case: doctorCaseView(fullCase, phase === 'MARKING'),
    marks: row.marks as SoloSavedMarks | null,
  }
}

export async function soloList(db: Db, userId: number, now: number): Promise<SoloStationList> {
  const rows = await db.selectFrom('solo_stations').selectAll().where('user_id', '=', userId).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(SOLO_LIST_LIMIT).execute()
  return rows.map((row) => {
    const phase = soloPhaseAt(timesOf(row), now)
    return {
      id: row.id,
      startedAt: row.started_at,
      phase,
      caseTitle: phase === 'MARKING' ? row.case_title : null,
      stationType: row.station_type,
      topic: row.topic,
      stationScore: row.station_score,
    }
  })
}
