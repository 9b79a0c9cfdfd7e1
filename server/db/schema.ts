import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/** The table map: one interface per table, snake_case as in the database. */
export interface Database {
  users: UsersTable
  password_reset_tokens: PasswordResetTokensTable
  session_events: SessionEventsTable
  session_commands: SessionCommandsTable
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>

export interface UsersTable {
  id: Generated<number>
  name: string
  email: string
  password_hash: string | null
  role: 'USER' | 'ADMIN'
  provider: 'LOCAL' | 'GOOGLE'
  google_id: string | null
  token_version: Generated<number>
  created_at: CreatedAt
}
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>

export interface PasswordResetTokensTable {
  token_hash: string
  user_id: number
  expires_at: Date
  used_at: Date | null
}

export interface SessionEventsTable {
  session_id: number
  version: number
  type: string
  payload: ColumnType<unknown, string, never>
  actor_user_id: number | null
  command_id: string | null
  recorded_at: CreatedAt
}
export type SessionEventRow = Selectable<SessionEventsTable>

export interface SessionCommandsTable {
  session_id: number
  command_id: string
  first_version: number
  last_version: number
}
