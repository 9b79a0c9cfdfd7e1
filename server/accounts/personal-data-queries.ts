import { FORMER_USER } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { userView } from './user-view.ts'

/**
 * The export's reads (personal-data.ts lists them). Each answers only what is about this user or theirs to
 * see: other people appear by the name the room showed, never by email.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The account as the app shows it (never its password hash or token version), with what the app does not show. */
export async function accountRecord(db: Db, userId: number) {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  const { resetTokenValid: _alwaysFalse, ...account } = userView(row)
  const partners = { examMonth: row.exam_month, timeZone: row.time_zone, hiddenFromBoard: row.hidden_from_board }
  return { ...account, ...partners, hasPassword: row.password_hash !== null, createdAt: iso(row.created_at) }
}

/** The sessions they listed on the Find Partners board, with the words they wrote there. */
export async function boardListingsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('board_listings')
    .leftJoin('sessions', 'sessions.id', 'board_listings.session_id')
    .select(['sessions.code as sessionCode', 'board_listings.starts_at', 'board_listings.note', 'board_listings.status', 'board_listings.created_at'])
    .where('board_listings.host_user_id', '=', userId)
    .orderBy('board_listings.created_at')
    .execute()
  return rows.map((row) => ({ sessionCode: row.sessionCode, startsAt: iso(row.starts_at), note: row.note, status: row.status, listedAt: iso(row.created_at) }))
}

/** When reset links were asked for and used; never the links themselves (only their hashes are stored anyway). */
export async function passwordResetRequestsOf(db: Db, userId: number) {
  const rows = await db.selectFrom('password_reset_tokens').select(['expires_at', 'used_at']).where('user_id', '=', userId).orderBy('expires_at').execute()
  return rows.map((row) => ({ expiresAt: iso(row.expires_at), usedAt: iso(row.used_at) }))
}

/** Their private self-assessments (the debrief's "you said"), per session and round. */
export async function selfAssessmentsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('self_assessments')
    .innerJoin('sessions', 'sessions.id', 'self_assessments.session_id')
    .select(['sessions.code as sessionCode', 'self_assessments.round', 'self_assessments.criteria_scores as criteriaScores', 'self_assessments.overall_performance as overallPerformance', 'self_assessments.comment', 'self_assessments.updated_at as updatedAt'])
    .where('self_assessments.user_id', '=', userId)
    .orderBy('self_assessments.updated_at')
    .execute()
  return rows
}

export async function sessionsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('session_participants')
    .innerJoin('sessions', 'sessions.id', 'session_participants.session_id')
    .select(['sessions.code', 'sessions.title', 'sessions.host_user_id', 'sessions.status', 'sessions.created_at', 'sessions.started_at', 'sessions.ended_at'])
    .select(['session_participants.name', 'session_participants.role', 'session_participants.joined_at'])
    .where('session_participants.user_id', '=', userId)
    .orderBy('sessions.created_at')
    .execute()
  return rows.map((row) => ({
    sessionCode: row.code,
    title: row.title,
    hostedByYou: row.host_user_id === userId,
    yourName: row.name,
    yourLastRole: row.role,
    status: row.status,
    joinedAt: iso(row.joined_at),
    createdAt: iso(row.created_at),
    startedAt: iso(row.started_at),
    endedAt: iso(row.ended_at),
  }))
}

export async function feedbackGivenBy(db: Db, userId: number) {
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('sessions', 'sessions.id', 'feedback.session_id')
    // The doctor as the room named them: their account's name now is theirs, and may have changed since.
    .leftJoin('session_participants as receiver', (join) =>
      join.onRef('receiver.session_id', '=', 'feedback.session_id').onRef('receiver.user_id', '=', 'feedback.to_user_id'),
    )
    .selectAll('feedback')
    .select(['sessions.code', 'receiver.name as to_name'])
    .where('feedback.from_user_id', '=', userId)
    .orderBy('feedback.created_at')
    .execute()
  return rows.map((row) => ({
    sessionCode: row.code,
    roundNumber: row.round,
    caseTitle: row.case_title,
    category: row.category_name,
    yourRole: row.from_role,
    toUser: row.to_name ?? FORMER_USER,
    comment: row.comment,
    criteriaScores: row.criteria_scores,
    overallPerformance: row.overall_performance,
    timestamp: iso(row.created_at),
  }))
}

/** What they did in sessions, as the log recorded it: which step, when, where (the details are in the sections above). */
export async function sessionActivityOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('session_events')
    .innerJoin('sessions', 'sessions.id', 'session_events.session_id')
    .select(['sessions.code', 'session_events.type', 'session_events.recorded_at'])
    .where('session_events.session_id', 'in', db.selectFrom('session_participants').select('session_id').where('user_id', '=', userId))
    .where('session_events.actor_user_id', '=', userId)
    .orderBy('session_events.session_id')
    .orderBy('session_events.version')
    .execute()
  return rows.map((row) => ({ sessionCode: row.code, event: row.type, at: iso(row.recorded_at) }))
}

/** Stations practised alone (issue 34), with the candidate's marks of themselves. */
export const soloStationsOf = (db: Db, userId: number) =>
  db
    .selectFrom('solo_stations')
    .select(['id', 'case_title as caseTitle', 'topic', 'station_type as stationType', 'started_at as startedAt', 'ended_at as endedAt', 'marks', 'marked_at as markedAt'])
    .where('user_id', '=', userId)
    .orderBy('started_at')
    .execute()
