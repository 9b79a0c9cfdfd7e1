import { sql, type RawBuilder } from 'kysely'
import { JOIN_NOT_ALLOWED } from '../../schemas/partners/safety.ts'
import { RUNNING_STATUSES } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import type { AppendRefusal } from '../sessions/store/event-store.ts'
import { blockedEitherWay, reachableBy } from './visibility.ts'

/**
 * Blocks between two candidates (issue 36): who blocked whom is kept here and read only by the blocker's own list;
 * every other reader asks `blockedEitherWay` (visibility.ts), which never says which of the two it was.
 */

/**
 * The person `blockerId` may block, by id and name, or undefined: someone they can see on Find Partners now, met
 * (a session both were in, or a time proposed either way), or blocked already. Anyone else (unknown, or hidden,
 * suspended or blocking them without their having met) is "no such candidate", as the profile says: the answer
 * never tells a name, or that a hidden account exists, to someone trying ids.
 */
export const blockableBy = (db: Db, blockerId: number, userId: number, now: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.name'])
    .where('u.id', '=', userId)
    .where(
      sql<boolean>`((not u.hidden_from_board and ${reachableBy('u', blockerId, now)})
        or exists (select 1 from user_blocks b where b.blocker_id = ${blockerId} and b.blocked_id = u.id)
        or exists (select 1 from time_proposals p where (p.from_user_id = ${blockerId} and p.to_user_id = u.id) or (p.from_user_id = u.id and p.to_user_id = ${blockerId}))
        or exists (select 1 from session_participants mine join session_participants theirs on theirs.session_id = mine.session_id
          where mine.user_id = ${blockerId} and theirs.user_id = u.id))`,
    )
    .executeTakeFirst()

/** Blocks `blockedId` for `blockerId`; blocking again changes nothing (the first time is kept). */
export async function addBlock(db: Db, blockerId: number, blockedId: number, at: Date): Promise<void> {
  await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute()
}

/** Lifts the blocker's own block; false when there was none (a block the other made stays). */
export async function removeBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The people `blockerId` blocked, most recent first: names only. */
export const blocksBy = (db: Db, blockerId: number) =>
  db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.name', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id')
    .execute()

/**
 * What two people had under way stops once one blocks the other: times proposed and not yet answered are
 * withdrawn, and invitations to practise again are gone.
 */
export async function stopWhatIsBetween(db: Db, a: number, b: number, at: Date): Promise<void> {
  await db
    .updateTable('time_proposals')
    .set({ status: 'WITHDRAWN', answered_at: at })
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]), eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)])]))
    .execute()
  await db
    .deleteFrom('partner_invitations')
    .where((eb) => eb.or([eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]), eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)])]))
    .execute()
}

/**
 * Seats either of the two holds in a planned session the other hosts that has not started yet (its listing open,
 * its time still to come): the one seated leaves it.
 */
export const plannedSeatsBetween = (db: Db, a: number, b: number, now: number) =>
  db
    .selectFrom('board_listings as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .innerJoin('session_participants as p', 'p.session_id', 'l.session_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['l.session_id', 'p.user_id', 'u.name'])
    .where('l.status', '=', 'OPEN')
    .where('l.starts_at', '>', new Date(now))
    .where('s.status', 'in', RUNNING_STATUSES)
    .where('p.active', '=', true)
    .where((eb) => eb.or([eb.and([eb('l.host_user_id', '=', a), eb('p.user_id', '=', b)]), eb.and([eb('l.host_user_id', '=', b), eb('p.user_id', '=', a)])]))
    .execute()

/**
 * Someone still in the session (its host or anyone seated) is blocked either way with `userId`: such a person may
 * not join it, nor see it by its code, on the board or in an invitation (BOARD_SESSION_TERMS hands this rule to the
 * sessions as `hiddenFrom`). `session` is an id, or a column of the query this is part of.
 */
export const blockedWithSomeoneIn = (session: number | RawBuilder<number>, userId: number) =>
  sql<boolean>`exists (select 1 from session_participants p where p.session_id = ${session} and p.active and p.user_id <> ${userId} and ${blockedEitherWay(sql.ref('p.user_id'), userId)})`

/**
 * A join into a session where anyone still in it is blocked either way with the joiner is refused by the join's
 * own append (so a block made at the same moment cannot slip between a check and the write), in the words of a
 * wrong code or a full room, which say nothing of who blocked whom.
 */
export const blockedJoinRefusal = (sessionId: number, joinerId: number): AppendRefusal => ({
  when: blockedWithSomeoneIn(sessionId, joinerId),
  reason: JOIN_NOT_ALLOWED,
})
