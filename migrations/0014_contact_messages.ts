import { sql, type Kysely } from 'kysely'

/**
 * The contact inbox (issue 30, item 14): what visitors send from the landing's form, kept until an admin deletes
 * it. A message names no account (visitors are often signed out); the address is the one they typed to be
 * answered at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handled_at', 'timestamptz')
    // The admin's name as it was: the message outlives the admin's account.
    .addColumn('handled_by', 'text')
    .execute()
  await sql`create index contact_messages_waiting on contact_messages (received_at) where handled_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute()
}
