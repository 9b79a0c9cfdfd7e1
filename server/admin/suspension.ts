import { sql } from 'kysely'
import type { SuspensionRequest } from '../../schemas/api/admin.ts'
import { suspendedMessage } from '../../schemas/partners/suspension.ts'
import { leaveRunningSessions, type LeaveRunningDeps } from '../accounts/leave-running-sessions.ts'
import { findUserById } from '../accounts/users-repo.ts'
import type { BoardHostActions } from '../board/board.ts'
import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import type { LiveHub } from '../live/live-hub.ts'

export interface SuspensionDeps extends LeaveRunningDeps {
  live: Pick<LiveHub, 'disconnectUser'>
  board: Pick<BoardHostActions, 'cancelListingsOf'>
  /** This instance's cached account (auth-plugin.ts): read again as soon as the change commits. */
  forgetAccount(userId: number): void
  now: () => number
}

export const USER_NOT_FOUND = 'User not found'
export const SUSPEND_SELF = 'You cannot suspend your own account'
export const SUSPEND_ADMIN = 'Remove the admin role first'
export const NOT_SUSPENDED = 'This account is not suspended'
const UNTIL_PASSED = 'until must be a time to come'

/**
 * An admin suspends an account (issue 36), for a time or for good, with everything that follows in one place:
 *
 * 1. One update sets the suspension and bumps the token version, so every token of the account stops working on
 *    every instance (auth-plugin.ts compares the version; the users trigger announces the change to each
 *    instance's account cache). Sign-in and any request are refused with the suspension's words meanwhile.
 * 2. Its open board listings are cancelled as their host would (seat holders mailed, a planned slot's session ended).
 * 3. Its pending time proposals, sent or received, are withdrawn.
 * 4. It leaves every running session through the session rules: those it hosts end, in others it just leaves.
 * 5. Its live connections here close with the suspension's words; other instances cut theirs at their next
 *    token check (the bumped version).
 *
 * Steps 2 to 5 act on what is open now, so suspending again (a new end or reason) runs them again: an admin can
 * repeat a suspension whose later steps failed.
 */
export async function suspendAccount(deps: SuspensionDeps, adminId: number, userId: number, request: SuspensionRequest): Promise<UserRow> {
  if (userId === adminId) throw badRequest(SUSPEND_SELF)
  const now = deps.now()
  if (request.until !== null && Date.parse(request.until) <= now) throw badRequest(UNTIL_PASSED, { validationErrors: { until: UNTIL_PASSED } })
  const user = await deps.db
    .updateTable('users')
    .set({
      suspended_at: new Date(now),
      suspended_until: request.until === null ? null : new Date(request.until),
      suspension_reason: request.reason,
      token_version: sql`token_version + 1`,
    })
    .where('id', '=', userId)
    // In the statement, not before it: an account made an admin meanwhile is not suspended either.
    .where('role', '!=', 'ADMIN')
    .returningAll()
    .executeTakeFirst()
  if (!user) throw (await findUserById(deps.db, userId)) ? badRequest(SUSPEND_ADMIN) : notFound(USER_NOT_FOUND)
  deps.forgetAccount(user.id)

  await deps.board.cancelListingsOf(user.id)
  await withdrawPendingProposals(deps.db, user.id, now)
  await leaveRunningSessions(deps, user, 'SUSPENDED')
  deps.live.disconnectUser(user.id, suspendedMessage(user))
  return user
}

/** Lifts a suspension (also one that has run out): the account may sign in again; nothing ended is restored. */
export async function liftSuspension(deps: Pick<SuspensionDeps, 'db' | 'forgetAccount'>, userId: number): Promise<UserRow> {
  const user = await deps.db
    .updateTable('users')
    .set({ suspended_at: null, suspended_until: null, suspension_reason: null })
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .returningAll()
    .executeTakeFirst()
  if (!user) throw (await findUserById(deps.db, userId)) ? conflict(NOT_SUSPENDED) : notFound(USER_NOT_FOUND)
  deps.forgetAccount(user.id)
  return user
}

/** Nobody can agree a time with a suspended account: its open proposals, either way, end as withdrawn. */
async function withdrawPendingProposals(db: Db, userId: number, now: number) {
  await db
    .updateTable('time_proposals')
    .set({ status: 'WITHDRAWN', answered_at: new Date(now) })
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute()
}
