import type { FastifyBaseLogger } from 'fastify'
import { FORMER_USER } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { type UserRow } from '../db/schema.ts'
import { badRequest } from '../errors.ts'
import type { LiveHub } from '../live/live-hub.ts'
import type { CommandRunner } from '../sessions/engine/command-runner.ts'
import { leaveRunningSessions } from './leave-running-sessions.ts'
import { verifyPassword } from './passwords.ts'
import { erasePersonalData } from './personal-data.ts'

export interface AccountDeletionDeps {
  db: Db
  runner: CommandRunner
  live: Pick<LiveHub, 'disconnectUser'>
  log: FastifyBaseLogger
  /** This instance's cached account (auth-plugin.ts): gone as soon as the deletion commits. */
  forgetAccount(userId: number): void
}

export const ACCOUNT_DELETED = 'Your account has been deleted.'

/**
 * An email account's owner confirms with their password; a Google account (no password of ours; the same split as
 * the password change) re-types its email (docs/decisions/0069-account-deletion-and-export.md: a fresh Google
 * credential would need Google's prompt on the profile page).
 */
export async function confirmDeletion(user: UserRow, confirmation: { currentPassword?: string; email?: string }): Promise<void> {
  if (user.provider === 'LOCAL') {
    if (!confirmation.currentPassword) throw badRequest('Current password is required', { validationErrors: { currentPassword: 'Current password is required' } })
    if (!(await verifyPassword(user.password_hash, confirmation.currentPassword))) throw badRequest('Current password is incorrect')
    return
  }
  if (confirmation.email !== user.email) {
    const message = 'Type the email address of your account to confirm'
    throw badRequest(message, { validationErrors: { email: message } })
  }
}

/**
 * Deletes the account: first its data (one transaction; from then on its tokens find no account), then it leaves
 * every running session it appears in through the session rules, which end the sessions it hosts and name it
 * "Former user" in every instance's state, so the rooms hear it as they hear any leave or end. Last, its live
 * connections here are closed.
 */
export async function deleteAccount(deps: AccountDeletionDeps, user: UserRow): Promise<void> {
  await erasePersonalData(deps.db, user.id)
  deps.forgetAccount(user.id)
  await leaveRunningSessions(deps, { id: user.id, name: FORMER_USER }, 'ACCOUNT_DELETED')
  deps.live.disconnectUser(user.id, ACCOUNT_DELETED)
}
