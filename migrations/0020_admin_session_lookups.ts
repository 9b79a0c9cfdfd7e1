import { sql, type Kysely } from 'kysely'

/**
 * Who looked at which session, and at what (issue 37): every maintainer's search, timeline, step and export is
 * written here. The admin's id goes (set null) with their account, so a lookup stays without naming them; a
 * search names no single session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_session_lookups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('session_id', 'bigint', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('looked_at', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('admin_session_lookups_admin').on('admin_session_lookups').columns(['admin_id', 'at']).execute()
  await db.schema.createIndex('admin_session_lookups_session').on('admin_session_lookups').columns(['session_id', 'at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_session_lookups').execute()
}
