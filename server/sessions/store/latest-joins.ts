import { sql } from 'kysely'
import type { SessionEvent } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import type { OutsideTerms } from '../engine/outside-terms.ts'
import { RUNNING_STATUSES } from '../../../schemas/session/types.ts'

/**
 * Someone who creates or joins a session leaves their other running sessions (WIRE.md section 6). Two creates
 * by one user at once (a double click on Create) must leave exactly one of the two running, not make each
 * leave the other: so a user's creates and joins are ordered by the row below, written in the transaction that
 * stores the join. The upsert holds that row's lock until the commit, which makes a user's joins commit one
 * after the other, and the row names the latest. Only the latest join's request leaves the others.
 */

/**
 * A command whose events seat `userId` (a create or a join) records the session as that user's latest join: the
 * write to store with its events, or null.
 */
export function latestJoinWrite(db: Db, userId: number, sessionId: number, events: SessionEvent[]) {
  if (!events.some((event) => event.type === 'ParticipantJoined' && event.userId === userId)) return null
  return db
    .insertInto('user_latest_joins')
    .values({ user_id: userId, session_id: sessionId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ session_id: sessionId }))
}

/**
 * The running sessions the user should leave now that they are in `keepSessionId`: all others, if that is still
 * their latest join; none if a later join overtook it (that join's request leaves them, this one included).
 * One statement, so the answer comes from one snapshot: a join committed meanwhile is either seen as latest
 * (nothing is left) or not seen at all.
 */
export async function sessionsToLeave(db: Db, userId: number, keepSessionId: number, now: number, heldUntilLater: OutsideTerms['heldUntilLater']): Promise<number[]> {
  const rows = await db
    .selectFrom('session_participants as me')
    .innerJoin('sessions', 'sessions.id', 'me.session_id')
    .select('sessions.id')
    .where('me.user_id', '=', userId)
    .where('me.active', '=', true)
    .where('sessions.status', 'in', RUNNING_STATUSES)
    .where('sessions.id', '!=', keepSessionId)
    // A planned slot still to come is not a room one is in yet: on the app's clock, as Start decides it.
    .where(sql<boolean>`not ${heldUntilLater(sql.ref('sessions.id'), now)}`)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('user_latest_joins as latest').select('latest.user_id').where('latest.user_id', '=', userId).where('latest.session_id', '=', keepSessionId),
      ),
    )
    .orderBy('sessions.id')
    .execute()
  return rows.map((row) => row.id)
}
