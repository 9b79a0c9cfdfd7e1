import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { conflict, unauthorized } from '../errors.ts'
import type { GoogleIdentity } from './google.ts'
import * as users from './users-repo.ts'

/**
 * Finds or creates the account for a verified Google identity
 * (decision in docs/decisions/0001-google-sign-in-links-local-account.md):
 * - known Google id: that account;
 * - an existing account with the same email: linked, but only when Google owns the address (Gmail or a
 *   Workspace domain). For any other address Google only says someone verified it once, perhaps long ago, so
 *   the account's owner must sign in with their password instead. A linked LOCAL account stays LOCAL, so its
 *   password keeps working and can still be changed;
 * - otherwise a new USER account with provider GOOGLE and no password.
 */
export async function signInWithGoogle(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const known = await users.findUserByGoogleId(db, identity.googleId)
  if (known) return known
  if (!identity.emailVerified) throw unauthorized('This Google account has no verified email address')
  const sameEmail = await users.findUserByEmail(db, identity.email)
  if (sameEmail && !identity.emailOwnedByGoogleAccount) {
    throw conflict('An account with this email already exists. Please sign in with your email and password.')
  }
  if (sameEmail) return users.linkGoogleAccount(db, sameEmail.id, identity.googleId)
  const created = await users.insertUser(db, {
    name: identity.name.slice(0, 50),
    email: identity.email,
    password_hash: null,
    role: 'USER',
    provider: 'GOOGLE',
    google_id: identity.googleId,
  })
  // Lost a race with a simultaneous first sign-in: the other request created it.
  return created ?? (await users.findUserByGoogleId(db, identity.googleId)) ?? Promise.reject(unauthorized('Google sign-in failed, please try again'))
}
