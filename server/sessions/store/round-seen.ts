import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/**
 * Whether a user saw a round's case played to its end, read from the log as round-case.ts reads the draw: the
 * round's consultation is over once its feedback phase began after its last draw (a round left before that, by a
 * new case or the session's end, was never played through, and its case may still come up); and the user was in
 * the room before that moment (someone arriving in the feedback phase saw nothing of it).
 */
export type RoundSeen = 'SEEN' | 'NOT_OVER' | 'NOT_THERE'

/** The version of the event that began the feedback phase of the round's last case, or null if none did. */
async function feedbackBegan(db: Db, sessionId: number, round: number): Promise<number | null> {
  const drawn = db
    .selectFrom('session_events')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('session_id', '=', sessionId)
    .where('type', '=', 'CaseAssigned')
    .where(sql<boolean>`(payload ->> 'round')::integer = ${round}`)
  // The first of the next draw and the next feedback phase: only the latter ends this case's consultation.
  const next = await db
    .selectFrom('session_events')
    .select(['version', 'type'])
    .where('session_id', '=', sessionId)
    .where('version', '>', drawn)
    .where((eb) => eb.or([eb('type', '=', 'CaseAssigned'), eb.and([eb('type', '=', 'PhaseStarted'), eb(sql`payload ->> 'phase'`, '=', 'FEEDBACK')])]))
    .orderBy('version')
    .limit(1)
    .executeTakeFirst()
  return next?.type === 'PhaseStarted' ? next.version : null
}

/** Joined the session (as anyone, the host included, who joins as their first event) before the log's `version`. */
async function joinedBefore(db: Db, sessionId: number, userId: number, version: number): Promise<boolean> {
  const row = await db
    .selectFrom('session_events')
    .select('version')
    .where('session_id', '=', sessionId)
    .where('type', '=', 'ParticipantJoined')
    .where(sql<boolean>`(payload ->> 'userId')::bigint = ${userId}`)
    .where('version', '<', version)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** NOT_THERE for a round the user was not in the room for; NOT_OVER for one still being played (or never finished). */
export async function roundSeen(db: Db, sessionId: number, round: number, userId: number): Promise<RoundSeen> {
  const feedbackVersion = await feedbackBegan(db, sessionId, round)
  if (feedbackVersion === null) return 'NOT_OVER'
  return (await joinedBefore(db, sessionId, userId, feedbackVersion)) ? 'SEEN' : 'NOT_THERE'
}
