import { sql } from 'kysely'
import type { MockExamSummary } from '../../schemas/mock/result-sheet.ts'
import { resultSheet, type CaseFacts, type ResultSheet } from '../../schemas/mock/result-sheet.ts'
import type { Db } from '../db/connect.ts'
import { readEventData, toSessionEvent } from '../sessions/store/event-store.ts'
import { passMarksOf } from './pass-marks.ts'

/** One candidate's result sheet of a finished mock exam, from its log and the pass marks as they stand now. */
export async function sheetOf(db: Db, sessionId: number, userId: number): Promise<ResultSheet | null> {
  const events = (await readEventData(db, sessionId)).map(toSessionEvent)
  const caseIds = [...new Set(events.flatMap((event) => (event.type === 'CaseAssigned' ? [event.caseId] : [])))]
  const rows = caseIds.length ? await db.selectFrom('cases').select(['id', 'title', 'station_type']).where('id', 'in', caseIds).execute() : []
  const cases = new Map<number, CaseFacts>(rows.map((row) => [Number(row.id), { title: row.title, stationType: row.station_type }]))
  return resultSheet(events, userId, cases, await passMarksOf(db, caseIds))
}

/**
 * The candidate's finished mock exams since a date (all when null), oldest first: the Progress page's own series,
 * apart from the practice stations (issue 33).
 */
export async function mockExamsOf(db: Db, userId: number, since: Date | null): Promise<MockExamSummary[]> {
  const sessions = await db
    .selectFrom('sessions as s')
    .innerJoin('session_participants as p', (join) => join.onRef('p.session_id', '=', 's.id').on('p.user_id', '=', userId))
    .select(['s.id'])
    .where('s.status', '=', 'COMPLETED')
    .where(sql<boolean>`s.config ? 'circuit'`)
    .$if(since !== null, (query) => query.where('s.created_at', '>=', since!))
    .orderBy('s.created_at')
    .execute()
  const summaries: MockExamSummary[] = []
  for (const { id } of sessions) {
    const sheet = await sheetOf(db, Number(id), userId)
    if (!sheet) continue
    const { sessionCode, startedAt, totalScore, maxScore, requiredScore, stationsPassed, stationsRequired, complete, passed } = sheet
    summaries.push({ sessionCode, startedAt, stations: sheet.stations.length, totalScore, maxScore, requiredScore, stationsPassed, stationsRequired, complete, passed })
  }
  return summaries
}
