import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('USER').check(sql`role in ('USER', 'ADMIN')`))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('LOCAL').check(sql`provider in ('LOCAL', 'GOOGLE')`))
    .addColumn('google_id', 'text', (c) => c.unique())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
    .execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('user_id').execute()

  // The session log. Actor ids are not foreign keys: the log outlives deleted accounts, unchanged.
  await db.schema
    .createTable('session_events')
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('actor_user_id', 'bigint')
    .addColumn('command_id', 'text')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('session_events_pk', ['session_id', 'version'])
    .execute()

  // One row per accepted command, so a retried command (same id) is answered from the log, never appended twice.
  // A command may yield several events, hence its own table rather than a unique column on session_events.
  await db.schema
    .createTable('session_commands')
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('first_version', 'integer', (c) => c.notNull())
    .addColumn('last_version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_commands_pk', ['session_id', 'command_id'])
    .execute()

  await sql`
    create function session_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'session_events is append-only: % is not allowed', tg_op using errcode = 'P0001';
    end $$`.execute(db)
  await sql`
    create trigger session_events_append_only before update or delete on session_events
    for each row execute function session_events_append_only()`.execute(db)
  await sql`
    create trigger session_events_no_truncate before truncate on session_events
    for each statement execute function session_events_append_only()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_commands').execute()
  await db.schema.dropTable('session_events').execute()
  await sql`drop function session_events_append_only()`.execute(db)
  await db.schema.dropTable('password_reset_tokens').execute()
  await db.schema.dropTable('users').execute()
}
