import { sql, type RawBuilder } from 'kysely'
import type { CriterionScore, SessionRole } from '../../../schemas/session/types.ts'
import { toWireRole, type ActiveSessionItem, type FeedbackReceivedItem, type WireRole } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { RUNNING_STATUSES } from '../../../schemas/session/types.ts'
import { type SessionRow } from '../../db/schema.ts'
import type { SignalParties } from '../../live/signals.ts'
import type { SessionAccess } from '../../live/destinations.ts'
import type { OutsideTerms } from '../engine/outside-terms.ts'
import { normaliseSessionCode } from '../engine/session-codes.ts'

/** Reads of the session read models: look-ups by code, dashboard lists, the live channel's check, deadlines. */

export const findSessionByCode = (db: Db, code: string): Promise<SessionRow | undefined> =>
  db.selectFrom('sessions').selectAll().where('code', '=', code).executeTakeFirst()

/** The latest version of every running session, and of the sessions named (which may have ended meanwhile). */
export async function sessionVersions(db: Db, alsoIds: number[]): Promise<Array<{ sessionId: number; version: number }>> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'version'])
    // One array parameter, however many sessions an instance follows (a list of parameters stops at 65,535).
    .where((eb) => eb.or([eb('status', 'in', RUNNING_STATUSES), eb('id', '=', sql<number>`any(${alsoIds})`)]))
    .execute()
  return rows.map((row) => ({ sessionId: row.id, version: row.version }))
}

/** The active participants of the session stored under `code`, joined with the session: the live channel's checks. */
const activeParticipantsOf = (db: Db, code: string) =>
  db
    .selectFrom('session_participants')
    .innerJoin('sessions', 'sessions.id', 'session_participants.session_id')
    .where('sessions.code', '=', code)
    .where('session_participants.active', '=', true)

/**
 * The live channel's SUBSCRIBE check: only people in the room hear it. The code may be spelt as the user typed
 * it (the spec's client subscribes with the code from its address bar); the answer is the stored code with the
 * session's version at this moment, or null.
 */
export async function subscribableSessionCode(db: Db, requestedCode: string, userId: number): Promise<SessionAccess | null> {
  const code = normaliseSessionCode(requestedCode)
  if (code === null) return null
  const row = await activeParticipantsOf(db, code).select('sessions.version').where('session_participants.user_id', '=', userId).executeTakeFirst()
  return row === undefined ? null : { sessionCode: code, version: row.version }
}

/**
 * `userId` is kept out of the session by `hiddenFrom` (an outside term: a block between them and someone in it),
 * as SQL. Only someone who never held a seat in it can be: one who did keeps what they saw (their debriefs, their
 * result sheet, the lobby of a room they left), or its sudden absence would tell them of the block. `session` is
 * an id, or a column of the query this is part of (the board's listings, the invitations to practise again).
 */
export const keptOut = (hiddenFrom: OutsideTerms['hiddenFrom'], session: number | RawBuilder<number>, userId: number) =>
  sql<boolean>`(not exists (select 1 from session_participants seat where seat.session_id = ${session} and seat.user_id = ${userId})
    and ${hiddenFrom(session, userId)})`

export async function keptOutOfSession(db: Db, hiddenFrom: OutsideTerms['hiddenFrom'], sessionId: number, userId: number): Promise<boolean> {
  const { rows } = await sql<{ kept_out: boolean }>`select ${keptOut(hiddenFrom, sessionId, userId)} as kept_out`.execute(db)
  return rows[0]?.kept_out === true
}

/** A call signal's check: which of `userIds` are active participants of the running session the code names. */
export async function signalParties(db: Db, requestedCode: string, userIds: number[]): Promise<SignalParties | null> {
  const code = normaliseSessionCode(requestedCode)
  if (code === null) return null
  const rows = await activeParticipantsOf(db, code)
    .select('session_participants.user_id')
    .where('sessions.status', 'in', RUNNING_STATUSES)
    .where('session_participants.user_id', 'in', userIds)
    .execute()
  return { sessionCode: code, activeUserIds: rows.map((row) => row.user_id) }
}

/** The running sessions in which the user is an active participant (`me`): for a query to go on from. */
const runningSessionsOf = (db: Db, userId: number) =>
  db
    .selectFrom('session_participants as me')
    .innerJoin('sessions', 'sessions.id', 'me.session_id')
    .where('me.user_id', '=', userId)
    .where('me.active', '=', true)
    .where('sessions.status', 'in', RUNNING_STATUSES)

/** Whether the user is an active participant of a running session: the one `requestedCode` names, else any. */
export async function inRunningSession(db: Db, userId: number, requestedCode?: string): Promise<boolean> {
  const code = requestedCode === undefined ? undefined : normaliseSessionCode(requestedCode)
  if (code === null) return false
  const query = runningSessionsOf(db, userId).select('sessions.id')
  return (await (code === undefined ? query : query.where('sessions.code', '=', code)).executeTakeFirst()) !== undefined
}

/** The running sessions a user is in, newest first: the dashboard list. */
export async function activeSessionsOfUser(db: Db, userId: number, now: number): Promise<ActiveSessionItem[]> {
  const rows = await runningSessionsOf(db, userId)
    .select(['sessions.id', 'sessions.title', 'sessions.code', 'sessions.status', 'sessions.phase', 'sessions.created_at', 'sessions.started_at'])
    .select(['me.role', 'sessions.host_user_id'])
    .select((eb) =>
      eb
        .selectFrom('session_participants as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.session_id', '=', 'sessions.id')
        .where('p.active', '=', true)
        .as('participant_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('board_listings as l')
        .select('l.starts_at')
        .whereRef('l.session_id', '=', 'sessions.id')
        .where('l.status', '=', 'OPEN')
        .where('l.starts_at', '>', new Date(now))
        .as('planned_starts_at'),
    )
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .execute()
  const others = await otherParticipantNames(db, rows.map((row) => row.id), userId)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    code: row.code,
    status: row.status,
    phase: row.phase,
    createdAt: new Date(row.created_at).toISOString(),
    startTime: row.started_at ? new Date(row.started_at).toISOString() : null,
    userRole: row.role,
    isHost: row.host_user_id === userId,
    participantCount: Number(row.participant_count ?? 0),
    otherParticipants: others.get(row.id) ?? [],
    plannedStartsAt: row.planned_starts_at ? new Date(row.planned_starts_at).toISOString() : null,
  }))
}

/** The names of everyone but the user still in each session, by session id, in the order they joined. */
async function otherParticipantNames(db: Db, sessionIds: number[], userId: number): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>()
  if (sessionIds.length === 0) return names
  const rows = await db
    .selectFrom('session_participants')
    .select(['session_id', 'name'])
    .where('session_id', 'in', sessionIds)
    .where('user_id', '!=', userId)
    .where('active', '=', true)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute()
  for (const row of rows) names.set(row.session_id, [...(names.get(row.session_id) ?? []), row.name])
  return names
}

/**
 * For a query joining `feedback` to its `sessions` row: the rule of schemas/session/case-reveal.ts
 * (feedbackPhaseOver) in SQL, for a round that was scored (it has feedback). Only then may its doctor see the case whole.
 */
export const FEEDBACK_ROUND_OVER = sql<boolean>`not (sessions.status in (${sql.join(RUNNING_STATUSES.map((status) => sql.lit(status)))}) and sessions.current_round = feedback.round
  and sessions.case_id is not distinct from feedback.case_id)`

/** Feedback the user received as the doctor, newest first (WIRE.md section 5), once its round is over. */
export async function feedbackReceived(db: Db, userId: number): Promise<FeedbackReceivedItem[]> {
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('sessions', 'sessions.id', 'feedback.session_id')
    .leftJoin('users as receiver', 'receiver.id', 'feedback.to_user_id')
    .selectAll('feedback')
    .select(['sessions.code', 'sessions.title as session_title', 'receiver.name as to_name', 'receiver.email as to_email'])
    .where('feedback.to_user_id', '=', userId)
    // Feedback on the round still being scored names the case and its mark scheme, which the doctor may see
    // only once the feedback phase is over (WIRE.md section 0): it appears when the round ends.
    .where(FEEDBACK_ROUND_OVER)
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.session_id,
    sessionCode: row.code,
    sessionTitle: row.session_title,
    fromUser: row.from_name,
    // A peer's address is theirs to share: the spec's client never reads it, and a name is enough.
    fromUserEmail: null,
    fromUserRole: toLowerRole(row.from_role),
    toUser: row.to_name ?? 'Former user',
    toUserEmail: row.to_email,
    comment: row.comment,
    overallPerformance: row.overall_performance,
    timestamp: new Date(row.created_at).toISOString(),
    criteriaScores: row.criteria_scores as CriterionScore[],
    roundNumber: row.round,
    caseTitle: row.case_title,
    caseId: row.case_id,
    category: row.category_name,
    domainScores: row.domain_scores,
    stationScore: row.station_score,
    globalJudgement: row.global_judgement,
    feedbackAreas: row.feedback_areas,
  }))
}

/** A role as stored (a column any text could be in), as the wire spells it. */
export function toLowerRole(role: string): WireRole | 'unknown' {
  const known: SessionRole[] = ['DOCTOR', 'PATIENT', 'OBSERVER']
  return known.includes(role as SessionRole) ? toWireRole(role as SessionRole) : 'unknown'
}

/** Sessions whose running phase has a deadline: what the timers re-arm at start-up. */
export const sessionsWithDeadlines = (db: Db) =>
  db.selectFrom('sessions').select(['id', 'deadline_at']).where('deadline_at', 'is not', null).where('status', 'in', RUNNING_STATUSES).execute()
