import { sql, type Kysely } from 'kysely'

const BANK_TABLES = ['cases', 'categories', 'case_recall_dates']

/**
 * Every change to the case bank is announced on `case_bank_changed` (server/content/case-bank-cache.ts): each
 * instance keeps what choosing a case and checking feedback read of the bank in memory, and forgets all of it
 * when it hears this. Once per statement, truncation included, rather than per row: the instance forgets the
 * whole bank whatever changed, so a seed of hundreds of cases costs one notice per statement, and identical
 * notices of one transaction reach listeners as one. The payload names the table, for whoever watches the channel.
 * A trigger, so that no code path, other process or manual SQL changes the bank unheard; a rollback announces nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function announce_case_bank_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('case_bank_changed', tg_table_name);
      return null;
    end $$`.execute(db)
  for (const table of BANK_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_announce_change`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function announce_case_bank_change()`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of BANK_TABLES) await sql`drop trigger ${sql.id(`${table}_announce_change`)} on ${sql.table(table)}`.execute(db)
  await sql`drop function announce_case_bank_change()`.execute(db)
}
