import { sql } from 'kysely'
import type { MockExamSummary } from '../../schemas/mock/result-sheet.ts'
import { resultSheet, type CaseFacts, type ResultSheet } from '../../schemas/mock/result-sheet.ts'
import type { Db } from '../db/connect.ts'
import { toSessionEvent } from '../sessions/store/event-store.ts'
import type { SessionEvent } from '../../schemas/session/types.ts'
import { passMarksOf } from './pass-marks.ts'

/** The logs of these sessions, each in version order. */
async function logsOf(db: Db, sessionIds: readonly number[]): Promise<Map<number, SessionEvent[]>> {
  const logs = new Map<number, SessionEvent[]>(sessionIds.map((id) => [id, []]))
  if (sessionIds.length === 0) return logs
  const rows = await db.selectFrom('session_events').select(['session_id', 'type', 'payload']).where('session_id', 'in', sessionIds).orderBy('session_id').orderBy('version').execute()
  for (const row of rows) logs.get(Number(row.session_id))!.push(toSessionEvent(row))
  return logs
}

/** Each station a log drew, as the version it played (issue 35): its title and type then, not since. */
const drawsOf = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'CaseAssigned' ? [{ caseId: event.caseId, version: event.caseVersion ?? 1 }] : []))

/**
 * One candidate's result sheets of finished mock exams (null where they were never its candidate), from the logs,
 * the case versions they played and the pass marks as they stand now: three statements for any number of mock exams.
 */
async function sheetsOf(db: Db, sessionIds: readonly number[], userId: number): Promise<Array<ResultSheet | null>> {
  const logs = await logsOf(db, sessionIds)
  const draws = [...logs.values()].flatMap(drawsOf)
  const rows = draws.length
    ? await db
        .selectFrom('case_versions')
        .select(['case_id', 'version', sql<string>`content ->> 'title'`.as('title'), sql<CaseFacts['stationType']>`content -> 'station' ->> 'stationType'`.as('stationType')])
        .where(sql<boolean>`(case_id, version) in (${sql.join(draws.map((draw) => sql`(${draw.caseId}, ${draw.version})`))})`)
        .execute()
    : []
  const versions = new Map(rows.map((row) => [`${row.case_id}@${row.version}`, { title: row.title, stationType: row.stationType }]))
  const passMarks = await passMarksOf(db, [...new Set(draws.map((draw) => draw.caseId))])
  return sessionIds.map((id) => {
    // A mock exam draws each case once, so within one sheet a case id names one version.
    const cases = new Map<number, CaseFacts>()
    for (const draw of drawsOf(logs.get(id)!)) {
      const facts = versions.get(`${draw.caseId}@${draw.version}`)
      if (facts) cases.set(draw.caseId, facts)
    }
    return resultSheet(logs.get(id)!, userId, cases, passMarks)
  })
}

/** One candidate's result sheet of a finished mock exam. */
export async function sheetOf(db: Db, sessionId: number, userId: number): Promise<ResultSheet | null> {
  return (await sheetsOf(db, [sessionId], userId))[0]
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
  const sheets = await sheetsOf(db, sessions.map(({ id }) => Number(id)), userId)
  return sheets.flatMap((sheet) => {
    if (!sheet) return []
    const { sessionCode, startedAt, totalScore, maxScore, requiredScore, stationsPassed, stationsRequired, complete, passed } = sheet
    return [{ sessionCode, startedAt, stations: sheet.stations.length, totalScore, maxScore, requiredScore, stationsPassed, stationsRequired, complete, passed }]
  })
}
