import { sql, type Kysely } from 'kysely'

/**
 * Read models of the session log: written in the same transaction as the events they derive from, and
 * rebuildable from the log at any time. User ids are not foreign keys, like the log's: a deleted account must
 * not erase the sessions and feedback it took part in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    // The same id as the session's stream in session_events; "by default" so a rebuild can insert it back.
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('host_user_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('CREATED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')`))
    .addColumn('phase', 'text', (c) => c.notNull().check(sql`phase in ('WAITING', 'READING', 'CONSULTATION', 'FEEDBACK', 'COMPLETED')`))
    .addColumn('current_round', 'integer', (c) => c.notNull())
    // SET NULL keeps finished sessions when an admin deletes their case; active ones are guarded below.
    .addColumn('case_id', 'bigint', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('session_type', 'text', (c) => c.notNull())
    .addColumn('selected_topics', 'jsonb', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('timer', 'jsonb')
    // The running phase's deadline as a column, so start-up re-arms every timer with one indexed query.
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('ended_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await sql`create index sessions_deadline on sessions (deadline_at) where deadline_at is not null`.execute(db)
  await sql`create index sessions_active_case on sessions (case_id) where status in ('CREATED', 'IN_PROGRESS')`.execute(db)

  await db.schema
    .createTable('session_participants')
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('DOCTOR', 'PATIENT', 'OBSERVER')`))
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('has_completed', 'boolean', (c) => c.notNull())
    .addColumn('has_given_feedback', 'boolean', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_participants_pk', ['session_id', 'user_id'])
    .execute()
  await sql`create index session_participants_active_user on session_participants (user_id) where active`.execute(db)

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    // The FeedbackSubmitted event's version: one row per event, which makes a rebuild an idempotent upsert.
    .addColumn('event_version', 'integer', (c) => c.notNull())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_role', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'bigint', (c) => c.notNull())
    .addColumn('case_id', 'bigint', (c) => c.references('cases.id').onDelete('set null'))
    // Copied at submission so that deleting or renaming a case never changes feedback already given.
    .addColumn('case_title', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('criteria_scores', 'jsonb', (c) => c.notNull())
    .addColumn('overall_performance', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('feedback_event', ['session_id', 'event_version'])
    .execute()
  await db.schema.createIndex('feedback_received').on('feedback').columns(['to_user_id', 'created_at']).execute()

  // The case-delete route answers 409 first (activeSessionCountForCase); this closes the race behind it.
  await sql`
    create function cases_refuse_delete_in_use() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from sessions where case_id = old.id and status in ('CREATED', 'IN_PROGRESS')) then
        raise exception 'case % is used by an active session', old.id using errcode = 'P0001';
      end if;
      return old;
    end $$`.execute(db)
  await sql`
    create trigger cases_refuse_delete_in_use before delete on cases
    for each row execute function cases_refuse_delete_in_use()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger cases_refuse_delete_in_use on cases`.execute(db)
  await sql`drop function cases_refuse_delete_in_use()`.execute(db)
  await db.schema.dropTable('feedback').execute()
  await db.schema.dropTable('session_participants').execute()
  await db.schema.dropTable('sessions').execute()
}
