import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { NewUser, UserRow } from '../db/schema.ts'

export const findUserById = (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()

export const findUserByGoogleId = (db: Db, googleId: string) =>
  db.selectFrom('users').selectAll().where('google_id', '=', googleId).executeTakeFirst()

/** Inserts a user; answers null when the email is already taken (unique violation), never a 500. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
  return row ?? null
}

export const updateUserName = (db: Db, id: number, name: string) =>
  db.updateTable('users').set({ name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()

/** A new password also bumps the token version, so every token issued before it stops working. */
export const updateUserPassword = (db: Db, id: number, passwordHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const linkGoogleAccount = (db: Db, id: number, googleId: string) =>
  db.updateTable('users').set({ google_id: googleId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()

/** A role change also cuts old tokens: a demoted admin must not keep admin rights until expiry. */
export const setUserRole = (db: Db, id: number, role: UserRow['role']) =>
  db
    .updateTable('users')
    .set({ role, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
