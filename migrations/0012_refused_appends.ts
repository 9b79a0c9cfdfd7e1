import { sql, type Kysely } from 'kysely'

/**
 * `refuse_append(reason)` ends the statement that calls it with SQLSTATE PR409 and the reason as its message: an
 * append's statement (server/sessions/store/event-store.ts) calls it when a condition the command depends on, read in
 * the same statement, does not hold (a planned slot's room opening before its time), so that checking and writing
 * take one round trip and nothing of the append is written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function refuse_append(reason text) returns boolean language plpgsql volatile as $$
    begin
      raise exception using errcode = 'PR409', message = reason;
    end $$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function refuse_append(text)`.execute(db)
}
