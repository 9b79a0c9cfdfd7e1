import { sql, type RawBuilder } from 'kysely'

/**
 * Who a candidate may see and reach (issue 36), as SQL fragments for the board, the matches, profiles, proposals
 * and partners. Each takes ids or columns of the query it is part of. A block hides both people from each other,
 * and neither side learns which of them blocked.
 */

type UserRef = number | RawBuilder<unknown>

/** Either of the two has blocked the other. */
export const blockedEitherWay = (a: UserRef, b: UserRef) =>
  sql<boolean>`exists (select 1 from user_blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`

/** The account (a users row under `alias`) is suspended at `now`. */
export const suspendedNow = (alias: string, now: number) =>
  sql<boolean>`(${sql.ref(`${alias}.suspended_at`)} is not null and (${sql.ref(`${alias}.suspended_until`)} is null or ${sql.ref(`${alias}.suspended_until`)} > ${new Date(now)}))`

/** The user `alias` may be shown to `viewerId`: not suspended, no block between them. */
export const reachableBy = (alias: string, viewerId: number, now: number) =>
  sql<boolean>`(not ${suspendedNow(alias, now)} and not ${blockedEitherWay(sql.ref(`${alias}.id`), viewerId)})`

/**
 * Two people may no longer reach each other at `now`: a block either way, or either of them suspended. What an
 * accepted time asks before it is planned, and what withdraws a proposal whose planning failed.
 */
export const outOfReach = (a: UserRef, b: UserRef, now: number) =>
  sql<boolean>`(${blockedEitherWay(a, b)} or exists (select 1 from users reach where reach.id in (${a}, ${b}) and ${suspendedNow('reach', now)}))`

/** Reliability of each user: settled planned sessions (kept, planned). */
export const reliabilityColumns = (alias: string) => ({
  kept: sql<number>`(select count(*)::int from planned_attendance a where a.user_id = ${sql.ref(`${alias}.id`)} and a.came)`,
  planned: sql<number>`(select count(*)::int from planned_attendance a where a.user_id = ${sql.ref(`${alias}.id`)} and a.came is not null)`,
})
