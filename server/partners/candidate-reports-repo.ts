import { sql } from 'kysely'
import type { CandidateReportView, ReportReason } from '../../schemas/partners/safety.ts'
import type { Db } from '../db/connect.ts'

/**
 * Reports about a candidate (issue 36): who may report whom (people who met), the day's limit, and the admins'
 * list. The reported person's email is read here for the admins' view alone.
 */

/**
 * Whether `reporterId` met `reportedId`: both were in the session `code` names (active or not), or, with no
 * session, one proposed a time to the other. Answers the session's id (null without one); undefined when they did
 * not meet, which the route answers as if the person did not exist.
 */
export async function whereTheyMet(db: Db, reporterId: number, reportedId: number, code: string | undefined): Promise<{ sessionId: number | null } | undefined> {
  if (code !== undefined) {
    const shared = await db
      .selectFrom('sessions as s')
      .select('s.id')
      .where('s.code', '=', code)
      .where(({ exists, selectFrom }) => exists(selectFrom('session_participants as p').select('p.user_id').whereRef('p.session_id', '=', 's.id').where('p.user_id', '=', reporterId)))
      .where(({ exists, selectFrom }) => exists(selectFrom('session_participants as p').select('p.user_id').whereRef('p.session_id', '=', 's.id').where('p.user_id', '=', reportedId)))
      .executeTakeFirst()
    return shared ? { sessionId: Number(shared.id) } : undefined
  }
  const proposed = await db
    .selectFrom('time_proposals')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', reporterId), eb('to_user_id', '=', reportedId)]),
        eb.and([eb('from_user_id', '=', reportedId), eb('to_user_id', '=', reporterId)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return proposed ? { sessionId: null } : undefined
}

/** The sessions both were in (active or not), newest first: what a report may be about. */
export const sharedSessions = (db: Db, a: number, b: number, limit: number) =>
  db
    .selectFrom('sessions as s')
    .select(['s.code', 's.title', 's.created_at'])
    .where(({ exists, selectFrom }) => exists(selectFrom('session_participants as p').select('p.user_id').whereRef('p.session_id', '=', 's.id').where('p.user_id', '=', a)))
    .where(({ exists, selectFrom }) => exists(selectFrom('session_participants as p').select('p.user_id').whereRef('p.session_id', '=', 's.id').where('p.user_id', '=', b)))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute()

export interface NewCandidateReport {
  reporterId: number
  reportedId: number
  sessionId: number | null
  reason: ReportReason
  details: string
  at: Date
}

/**
 * Stores the report unless its reporter has sent `perDay` in the 24 hours before `at`, counted by the insert's own
 * statement. Answers false when the limit was reached.
 */
export async function saveCandidateReport(db: Db, report: NewCandidateReport, perDay: number): Promise<boolean> {
  const since = new Date(report.at.getTime() - 24 * 3_600_000)
  const row = await db
    .insertInto('candidate_reports')
    .columns(['reporter_id', 'reported_id', 'session_id', 'reason', 'details', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          sql<number>`${report.reporterId}::bigint`.as('reporter_id'),
          sql<number>`${report.reportedId}::bigint`.as('reported_id'),
          sql<number | null>`${report.sessionId}::bigint`.as('session_id'),
          sql<string>`${report.reason}::text`.as('reason'),
          sql<string>`${report.details}::text`.as('details'),
          sql<Date>`${report.at}::timestamptz`.as('created_at'),
        ])
        .where(sql<boolean>`(select count(*) from candidate_reports where reporter_id = ${report.reporterId} and created_at > ${since}) < ${perDay}`),
    )
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** When the oldest of the reporter's reports of the last 24 hours was sent: the next may go 24 hours after it. */
export async function firstReportSince(db: Db, reporterId: number, since: Date): Promise<Date | null> {
  const row = await db.selectFrom('candidate_reports').select((eb) => eb.fn.min('created_at').as('first')).where('reporter_id', '=', reporterId).where('created_at', '>', since).executeTakeFirst()
  return row?.first ? new Date(row.first) : null
}

const reportRows = (db: Db) =>
  db
    .selectFrom('candidate_reports as r')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .innerJoin('users as reported', 'reported.id', 'r.reported_id')
    .leftJoin('users as admin', 'admin.id', 'r.closed_by')
    .leftJoin('sessions as s', 's.id', 'r.session_id')
    .select(['r.id', 'r.reason', 'r.details', 'r.created_at', 'r.status', 'r.admin_note', 'r.closed_at', 'r.session_id', 's.code'])
    .select(['reporter.id as reporter_id', 'reporter.name as reporter_name', 'reported.id as reported_id', 'reported.name as reported_name', 'reported.email as reported_email', 'admin.name as admin_name'])

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>

const reportView = (row: ReportRow): CandidateReportView => ({
  id: row.id,
  reason: row.reason as ReportReason,
  details: row.details,
  createdAt: new Date(row.created_at).toISOString(),
  status: row.status,
  reporter: { id: Number(row.reporter_id), name: row.reporter_name },
  reported: { id: Number(row.reported_id), name: row.reported_name, email: row.reported_email },
  session: row.session_id === null ? null : { id: Number(row.session_id), code: row.code },
  adminNote: row.admin_note,
  closedByName: row.admin_name,
  closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
})

/** Closed reports the list carries after the open ones: the recent past, enough to see a pattern. */
const CLOSED_SHOWN = 100

/** Every open report, oldest first (the longest waiting at the top), then the latest closed ones. */
export async function candidateReportList(db: Db): Promise<{ reports: CandidateReportView[]; openCount: number }> {
  const open = await reportRows(db).where('r.status', '=', 'OPEN').orderBy('r.created_at').orderBy('r.id').execute()
  const closed = await reportRows(db).where('r.status', '=', 'CLOSED').orderBy('r.closed_at', 'desc').orderBy('r.id', 'desc').limit(CLOSED_SHOWN).execute()
  return { reports: [...open, ...closed].map(reportView), openCount: open.length }
}

export async function findCandidateReport(db: Db, id: number): Promise<CandidateReportView | null> {
  const row = await reportRows(db).where('r.id', '=', id).executeTakeFirst()
  return row ? reportView(row) : null
}

/** Closes an open report with the admin's note; false when it was not open (another admin closed it first). */
export async function closeCandidateReport(db: Db, id: number, close: { note: string; adminId: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('candidate_reports')
    .set({ status: 'CLOSED', admin_note: close.note, closed_by: close.adminId, closed_at: close.at })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
