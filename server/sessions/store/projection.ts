import { sql, type InsertObject, type RawBuilder } from 'kysely'
import { deadlineOf } from '../../../schemas/session/index.ts'
import { stationResult } from '../../../schemas/session/station-result.ts'
import type { Participant, SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { fromInserted, insertRows } from '../../db/raw-insert.ts'
import type { Database } from '../../db/schema.ts'
import type { CommittedEvent } from '../cluster/bus.ts'

type EventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>

const DELETED_CASE_TITLE = 'Deleted case'

/** What the read models take of a stored event. */
export type ProjectedEvent = Pick<CommittedEvent, 'version' | 'event'>

/** Raw SQL (raw-insert.ts): a command sends these within its append statement, a rebuild one by one. */
export type ProjectionWrite = RawBuilder<unknown>

/**
 * The session row, written whole from the state after the batch (its version moves with every batch), and the
 * participant rows that differ from those the state `before` the batch wrote: all of them when there is none (a
 * create, or a rebuild). A skip in a room of three then writes one row, not four.
 */
export function sessionRowWrites(before: SessionState | null, state: SessionState, events: ProjectedEvent[]): ProjectionWrite[] {
  const changed = changedParticipantRows(before, state)
  return [upsertSession(state, events), ...(changed.length > 0 ? [upsertParticipants(changed, state, events)] : [])]
}

/** One feedback row per FeedbackSubmitted, in the order of the events; each write returns its row's id. */
/**
 * One row per feedback, with the version of the case it scored: the one drawn last before it, in this batch (a
 * rebuild's batch is the whole log) or before it. The state after the batch may already hold the next round's case.
 */
export function feedbackWrites(before: SessionState | null, after: SessionState, events: ProjectedEvent[]): ProjectionWrite[] {
  let drawn = before?.caseId == null ? null : { caseId: before.caseId, version: before.caseVersion ?? 1 }
  const writes: ProjectionWrite[] = []
  for (const { version, event } of events) {
    if (event.type === 'CaseAssigned') drawn = { caseId: event.caseId, version: event.caseVersion ?? 1 }
    if (event.type === 'FeedbackSubmitted') writes.push(insertFeedback(after, version, event, drawn?.caseId === event.caseId ? drawn.version : 1))
  }
  return writes
}

const atOf = (event: SessionEvent) => new Date(event.at)

function upsertSession(state: SessionState, events: ProjectedEvent[]) {
  const firstReading = events.find(({ event }) => event.type === 'PhaseStarted' && event.phase === 'READING')?.event
  const ended = events.find(({ event }) => event.type === 'SessionEnded')?.event
  const { timer } = state
  const row = {
    id: state.sessionId,
    code: state.code,
    title: state.title,
    host_user_id: state.hostUserId,
    status: state.status,
    phase: state.phase,
    current_round: state.currentRound,
    // A case deleted after the session ended leaves the row without one (the log keeps the id).
    case_id: state.caseId === null ? null : sql<number | null>`(select id from cases where id = ${state.caseId})`,
    session_type: state.config.sessionType,
    selected_topics: JSON.stringify(state.config.selectedTopics),
    config: JSON.stringify(state.config),
    timer: timer ? JSON.stringify(timer) : null,
    deadline_at: timer ? new Date(deadlineOf(timer)) : null,
    ended_reason: state.endedReason,
    version: state.version,
    created_at: new Date(state.createdAt),
    started_at: firstReading ? atOf(firstReading) : null,
    ended_at: ended ? atOf(ended) : null,
  } satisfies InsertObject<Database, 'sessions'>
  const { id: _id, started_at: _started, ended_at: _ended, ...replaced } = row
  // Set once: the time first written stays (a later batch has none, or a later round's).
  return sql`${insertRows('sessions', [row])} on conflict (id) do update set ${fromInserted(Object.keys(replaced))},
    started_at = coalesce(sessions.started_at, excluded.started_at), ended_at = coalesce(sessions.ended_at, excluded.ended_at)`
}

/**
 * A participant's row but for joined_at, which is written with the row and never after: the one mapping that both
 * the write and the comparison with the state before a command use.
 */
function participantRow(sessionId: number, participant: Participant) {
  return {
    session_id: sessionId,
    user_id: participant.userId,
    name: participant.name,
    role: participant.role,
    active: participant.active,
    has_completed: participant.hasCompleted,
    has_given_feedback: participant.hasGivenFeedback,
  }
}

type ParticipantRow = ReturnType<typeof participantRow>

const sameRow = (written: ParticipantRow | undefined, row: ParticipantRow) =>
  written !== undefined && (Object.keys(row) as (keyof ParticipantRow)[]).every((column) => written[column] === row[column])

/** The rows of `state`'s participants that differ from (or are missing among) those `before` wrote. */
function changedParticipantRows(before: SessionState | null, state: SessionState): ParticipantRow[] {
  const written = new Map(before?.participants.map((p) => [p.userId, participantRow(state.sessionId, p)]))
  return state.participants.map((p) => participantRow(state.sessionId, p)).filter((row) => !sameRow(written.get(row.user_id), row))
}

function upsertParticipants(rows: ParticipantRow[], state: SessionState, events: ProjectedEvent[]) {
  const firstJoined = new Map<number, Date>()
  for (const { event } of events) {
    if (event.type === 'ParticipantJoined' && !firstJoined.has(event.userId)) firstJoined.set(event.userId, atOf(event))
  }
  const { session_id: _session, user_id: _user, ...replaced } = rows[0]
  const values = rows.map((row) => ({ ...row, joined_at: firstJoined.get(row.user_id) ?? new Date(state.createdAt) }))
  return sql`${insertRows('session_participants', values)} on conflict (session_id, user_id) do update set ${fromInserted(Object.keys(replaced))}`
}

/**
 * Case title and category are copied now, from the version the round played: later edits or deletion of the case
 * must not rewrite given feedback.
 */
function insertFeedback(state: SessionState, version: number, event: EventOf<'FeedbackSubmitted'>, played: number) {
  const caseNow = (part: 'cases.id' | 'title' | 'category name') =>
    part === 'cases.id'
      ? sql`(select id from cases where id = ${event.caseId})`
      : sql`(select ${sql.raw(part === 'title' ? "content ->> 'title'" : "content -> 'category' ->> 'name'")} from case_versions where case_id = ${event.caseId} and version = ${played})`
  const giver = state.participants.find((p) => p.userId === event.fromUserId)
  const result = stationResult(event.criteriaScores)
  const row = {
    session_id: state.sessionId,
    event_version: version,
    from_user_id: event.fromUserId,
    from_name: giver?.name ?? 'Unknown participant',
    from_role: event.fromRole,
    to_user_id: event.toUserId,
    case_id: sql<number | null>`${caseNow('cases.id')}`,
    case_title: sql<string>`coalesce(${caseNow('title')}, ${DELETED_CASE_TITLE})`,
    category_name: sql<string>`coalesce(${caseNow('category name')}, '')`,
    round: event.round,
    comment: event.comment,
    criteria_scores: JSON.stringify(event.criteriaScores),
    overall_performance: event.overallPerformance,
    created_at: atOf(event),
    // Events from before issue 17 carry neither: not given.
    global_judgement: event.globalJudgement ?? null,
    feedback_areas: JSON.stringify(event.feedbackAreas ?? []),
    domain_scores: JSON.stringify(result.domainScores),
    station_score: result.stationScore,
  } satisfies InsertObject<Database, 'feedback'>
  // A rebuild meets rows it wrote before: the copy taken at submission wins.
  return sql`${insertRows('feedback', [row])} on conflict (session_id, event_version) do nothing returning id`
}

/** Session ids come from the read model's identity, so the log and the row share one id from the start. */
export async function nextSessionId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('sessions', 'id')) as id`.execute(db)
  return Number(rows[0].id)
}
