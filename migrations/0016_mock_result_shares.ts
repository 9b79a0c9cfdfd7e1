import { sql, type Kysely } from 'kysely'

/**
 * Private links to a mock exam's result sheet (issue 33): a candidate shares their own sheet with a random token
 * and may withdraw it. At most one live link per candidate and session; a withdrawn link stays, marked, so it is
 * never answered again. Gone with the account or the session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mock_result_shares')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await sql`create unique index mock_result_shares_live on mock_result_shares (session_id, user_id) where revoked_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mock_result_shares').execute()
}
