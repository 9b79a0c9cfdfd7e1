import { sql, type Kysely } from 'kysely'

/**
 * Every change to an account row, and its deletion, is announced on `account_changed` with the user id
 * (server/accounts/account-cache.ts): each instance keeps the accounts it has read in memory and drops one when
 * it hears this. A trigger rather than the application's write helpers, so no code path, other process or
 * manual SQL can change an account unheard. A rolled-back change announces nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function announce_account_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('account_changed', old.id::text);
      return null;
    end $$`.execute(db)
  await sql`
    create trigger users_announce_change after update or delete on users
    for each row execute function announce_account_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_announce_change on users`.execute(db)
  await sql`drop function announce_account_change()`.execute(db)
}
