import { sql, type Kysely } from 'kysely'

/**
 * Deleting one's account (issue 16, docs/decisions/0069-account-deletion-and-export.md): the session log stays, but the
 * personal data in it goes. The log's trigger now allows exactly one kind of UPDATE, a redaction: a participant's
 * or host's name replaced by "Former user", or a comment by "". Every other field and key must stay as it was,
 * so a replay still folds the same decisions; DELETE and TRUNCATE stay refused.
 * `erased_accounts` holds the ids of deleted accounts, nothing else: a read-model rebuild must not bring back
 * the feedback they received.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_accounts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('erased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await sql`
    create or replace function session_events_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE'
        and new.session_id = old.session_id and new.version = old.version and new.type = old.type
        and new.actor_user_id is not distinct from old.actor_user_id
        and new.command_id is not distinct from old.command_id and new.recorded_at = old.recorded_at
        and new.payload - 'name' - 'hostName' - 'comment' = old.payload - 'name' - 'hostName' - 'comment'
        and (new.payload -> 'name' is not distinct from old.payload -> 'name' or new.payload -> 'name' = '"Former user"'::jsonb)
        and (new.payload -> 'hostName' is not distinct from old.payload -> 'hostName' or new.payload -> 'hostName' = '"Former user"'::jsonb)
        and (new.payload -> 'comment' is not distinct from old.payload -> 'comment' or new.payload -> 'comment' = '""'::jsonb)
      then
        return new;
      end if;
      raise exception 'session_events is append-only: % is not allowed', tg_op using errcode = 'P0001';
    end $$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function session_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'session_events is append-only: % is not allowed', tg_op using errcode = 'P0001';
    end $$`.execute(db)
  await db.schema.dropTable('erased_accounts').execute()
}
