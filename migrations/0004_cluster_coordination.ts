import { sql, type Kysely } from 'kysely'

/**
 * What several server instances must agree on beyond the session log (issue 13): each user's latest join, which
 * orders a user's concurrent creates and joins; who is connected to which instance, with a heartbeat so a dead
 * instance's users expire; and the rate-limit counters, so every instance spends one budget.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_latest_joins')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    // No foreign key: like the other read models, it must not stand in the way of rebuilding the sessions table.
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('live_presence')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('session_code', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_presence_pk', ['instance_id', 'session_code', 'user_id'])
    .execute()
  await sql`create index live_presence_last_seen on live_presence (last_seen)`.execute(db)

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`create index rate_limit_hits_window_ends_at on rate_limit_hits (window_ends_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute()
  await db.schema.dropTable('live_presence').execute()
  await db.schema.dropTable('user_latest_joins').execute()
}
