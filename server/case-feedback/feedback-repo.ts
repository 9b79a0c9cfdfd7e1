import type { CaseRatingView, ProblemKind } from '../../schemas/case-feedback.ts'
import type { Db } from '../db/connect.ts'
import type { PlayedCase } from './played-case.ts'

/** The writes of a participant's rating and problem report, and what the account's data export holds of them. */

const ratingView = (row: { realism: number; difficulty: number; rated_at: Date }): CaseRatingView => ({
  realism: row.realism,
  difficulty: row.difficulty,
  ratedAt: new Date(row.rated_at).toISOString(),
})

/** One rating per person and case: rating it again (after another station on it, say) replaces the last one. */
export async function saveRating(db: Db, userId: number, played: PlayedCase, rating: { realism: number; difficulty: number }, now: Date): Promise<CaseRatingView> {
  const values = { case_id: played.caseId, user_id: userId, case_version: played.caseVersion, ...rating, rated_at: now }
  const row = await db
    .insertInto('case_ratings')
    .values(values)
    .onConflict((oc) => oc.columns(['case_id', 'user_id']).doUpdateSet({ case_version: values.case_version, realism: rating.realism, difficulty: rating.difficulty, rated_at: now }))
    .returning(['realism', 'difficulty', 'rated_at'])
    .executeTakeFirstOrThrow()
  return ratingView(row)
}

export async function ratingOf(db: Db, userId: number, caseId: number): Promise<CaseRatingView | null> {
  const row = await db.selectFrom('case_ratings').select(['realism', 'difficulty', 'rated_at']).where('case_id', '=', caseId).where('user_id', '=', userId).executeTakeFirst()
  return row ? ratingView(row) : null
}

export async function saveReport(db: Db, userId: number, played: PlayedCase, report: { kind: ProblemKind; details: string }, now: Date): Promise<void> {
  await db
    .insertInto('case_problem_reports')
    .values({
      case_id: played.caseId,
      case_version: played.caseVersion,
      reporter_id: userId,
      session_id: played.sessionId,
      round: played.round,
      solo_station_id: played.soloStationId,
      kind: report.kind,
      details: report.details,
      created_at: now,
    })
    .execute()
}

/** How many reports the user sent since `since`, and when the first of them was (null: none). */
export async function reportsSince(db: Db, userId: number, since: Date): Promise<{ count: number; first: Date | null }> {
  const row = await db
    .selectFrom('case_problem_reports')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('first')])
    .where('reporter_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), first: row.first ? new Date(row.first) : null }
}

/**
 * The account's ratings, for its data export: which case and version, and what they gave. By id, not title: a
 * doctor may rate a case in the feedback phase, before its title is theirs to read (case-reveal.ts).
 */
export async function ratingsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('case_ratings')
    .select(['case_id', 'case_version', 'realism', 'difficulty', 'rated_at'])
    .where('user_id', '=', userId)
    .orderBy('rated_at')
    .execute()
  return rows.map((row) => ({
    caseId: row.case_id,
    caseVersion: row.case_version,
    realism: row.realism,
    difficulty: row.difficulty,
    ratedAt: new Date(row.rated_at).toISOString(),
  }))
}

/** The account's problem reports, where they were made, and how each was closed (the reviewer's note, not who they are). */
export async function reportsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('case_problem_reports as r')
    .leftJoin('sessions', 'sessions.id', 'r.session_id')
    .select(['r.case_id', 'r.case_version', 'r.solo_station_id', 'r.kind', 'r.details', 'r.status', 'r.resolution_note', 'r.resolved_at', 'r.created_at', 'r.round', 'sessions.code'])
    .where('r.reporter_id', '=', userId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute()
  return rows.map((row) => ({
    caseId: row.case_id,
    caseVersion: row.case_version,
    sessionCode: row.code,
    round: row.round,
    soloStationId: row.solo_station_id,
    kind: row.kind,
    details: row.details,
    status: row.status,
    resolutionNote: row.resolution_note,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    reportedAt: new Date(row.created_at).toISOString(),
  }))
}
