import type { UserView } from '../../schemas/auth.ts'
import type { UserRow } from '../db/schema.ts'

/** The user object of WIRE.md section 2; the one place a users row becomes JSON. */
export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    provider: row.provider,
    googleId: row.google_id,
    resetTokenValid: false,
  }
}
