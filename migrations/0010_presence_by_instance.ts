import { sql, type Kysely } from 'kysely'

/**
 * Presence stamped per instance, not per connection (issue 15): each instance's heartbeat re-stamped every one of
 * its connections (3,000 rows rewritten every 10 s at 3,000 sockets, a statement that held the event loop and the
 * database for tens of milliseconds). Now an instance stamps its own row in `live_instances`, and its connections
 * live as long as it does: deleting an expired instance deletes its connections with it (on delete cascade).
 * The rows are ephemeral (rebuilt by every instance's next heartbeat), so the old ones are simply dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_instances')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`delete from live_presence`.execute(db)
  await sql`drop index live_presence_last_seen`.execute(db)
  await db.schema.alterTable('live_presence').dropColumn('last_seen').execute()
  await db.schema
    .alterTable('live_presence')
    .addForeignKeyConstraint('live_presence_instance_fk', ['instance_id'], 'live_instances', ['instance_id'], (c) => c.onDelete('cascade'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from live_presence`.execute(db)
  await db.schema.alterTable('live_presence').dropConstraint('live_presence_instance_fk').execute()
  await db.schema.alterTable('live_presence').addColumn('last_seen', 'timestamptz', (c) => c.notNull()).execute()
  await sql`create index live_presence_last_seen on live_presence (last_seen)`.execute(db)
  await db.schema.dropTable('live_instances').execute()
}
