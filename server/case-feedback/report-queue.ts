import { sql } from 'kysely'
import { PROBLEM_QUEUE_PAGE_SIZE, type ProblemReportPage, type ProblemReportView } from '../../schemas/problem-reports.ts'
import type { Db } from '../db/connect.ts'

/**
 * The reviewers' queue of problem reports (issue 35): each with the title of the version reported (read from that
 * version, since the case may have been edited), the case's version now, and the reporter's name, never their email.
 */

const reportRows = (db: Db) =>
  db
    .selectFrom('case_problem_reports as r')
    .innerJoin('cases', 'cases.id', 'r.case_id')
    .leftJoin('case_versions as v', (join) => join.onRef('v.case_id', '=', 'r.case_id').onRef('v.version', '=', 'r.case_version'))
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'r.resolved_by')
    .leftJoin('sessions', 'sessions.id', 'r.session_id')
    .select(['r.id', 'r.case_id', 'r.case_version', 'cases.current_version', 'r.kind', 'r.details', 'r.round', 'r.created_at'])
    .select(['r.status', 'r.resolved_at', 'r.resolution_note', 'reporter.name as reporter_name', 'reviewer.name as reviewer_name', 'sessions.code'])
    .select(sql<string>`coalesce(v.content ->> 'title', cases.title)`.as('title'))

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>

/**
 * `showsCodes`: a session's code lets its holder join the room while it runs, so only admins (who settle disputes
 * from its timeline) see it; a reviewer reads "round N of a session".
 */
function reportView(row: ReportRow, showsCodes: boolean): ProblemReportView {
  return {
    id: row.id,
    caseId: row.case_id,
    caseTitle: row.title,
    caseVersion: row.case_version,
    currentVersion: row.current_version,
    kind: row.kind,
    details: row.details,
    reporterName: row.reporter_name,
    // A report from a session keeps its round when the session is gone; one from a solo station has none.
    source: row.round === null ? { kind: 'SOLO' } : { kind: 'SESSION', sessionCode: showsCodes ? row.code : null, round: row.round },
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    resolvedByName: row.reviewer_name,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    resolutionNote: row.resolution_note,
  }
}

/** Open reports first, oldest first (the longest waiting at the top); then closed ones, the latest closed first. */
export async function reportQueue(db: Db, page: number, showsCodes: boolean): Promise<ProblemReportPage> {
  const rows = await reportRows(db)
    .orderBy(sql`r.status = 'OPEN'`, 'desc')
    .orderBy(sql`case when r.status = 'OPEN' then r.created_at end`, 'asc')
    .orderBy('r.resolved_at', 'desc')
    .orderBy('r.id')
    .limit(PROBLEM_QUEUE_PAGE_SIZE)
    .offset(page * PROBLEM_QUEUE_PAGE_SIZE)
    .execute()
  const counts = await db
    .selectFrom('case_problem_reports')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('status', '=', 'OPEN').as('open')])
    .executeTakeFirstOrThrow()
  const totalItems = Number(counts.total)
  return {
    reports: rows.map((row) => reportView(row, showsCodes)),
    currentPage: page,
    totalItems,
    totalPages: Math.ceil(totalItems / PROBLEM_QUEUE_PAGE_SIZE),
    pageSize: PROBLEM_QUEUE_PAGE_SIZE,
    openCount: Number(counts.open),
  }
}

export const findReport = async (db: Db, id: number, showsCodes: boolean): Promise<ProblemReportView | null> => {
  const row = await reportRows(db).where('r.id', '=', id).executeTakeFirst()
  return row ? reportView(row, showsCodes) : null
}

/** Closes an open report; false when it was not open (another reviewer closed it first). */
export async function closeReport(db: Db, id: number, close: { status: 'RESOLVED' | 'DISMISSED'; note: string; reviewerId: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('case_problem_reports')
    .set({ status: close.status, resolution_note: close.note, resolved_by: close.reviewerId, resolved_at: close.at })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
