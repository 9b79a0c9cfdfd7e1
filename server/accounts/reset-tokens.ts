import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/connect.ts'

export const RESET_TOKEN_LIFETIME_MS = 15 * 60 * 1000

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** 32 random bytes go to the user; only their SHA-256 is stored, so a database leak resets nobody's password. */
export async function issueResetToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: digest(token), user_id: userId, expires_at: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS), used_at: null })
    .execute()
  return token
}

export type ResetTokenCheck = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' }

/** Marks the token used (single use) and answers whose it was; the caller's transaction sets the password. */
export async function consumeResetToken(db: Db, token: string, now = new Date()): Promise<ResetTokenCheck> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', digest(token))
    .where('used_at', 'is', null)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'invalid' }
  if (new Date(row.expires_at).getTime() < now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, userId: row.user_id }
}

/** After a successful reset, the user's other outstanding links die too. */
export const revokeResetTokens = (db: Db, userId: number) =>
  db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute()
