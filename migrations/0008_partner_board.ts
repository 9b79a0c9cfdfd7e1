import { sql, type Kysely } from 'kysely'

/**
 * Find Partners (issue 20): what a user shows on the board (exam month, time zone, or nothing at all), the
 * board's listings, and the mail jobs of planned slots (reminders, the opening), kept in the database so a
 * restart loses none and two instances never send one twice. Every table that names a user says so in its
 * column (`host_user_id`, `user_id`) and goes with the account (on delete cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('exam_month', 'text') // yyyy-mm, optional
    .addColumn('time_zone', 'text') // IANA name, detected by the browser
    .addColumn('hidden_from_board', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()

  await db.schema
    .createTable('board_listings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // No foreign key to sessions (a read model that may be rebuilt); one listing per session.
    .addColumn('session_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('host_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: "now" (the room is open already); otherwise the planned start.
    .addColumn('starts_at', 'timestamptz')
    .addColumn('patient_seat', 'boolean', (c) => c.notNull())
    .addColumn('observer_seats', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN')) // OPEN | CANCELLED | EXPIRED | REMOVED
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index board_listings_open on board_listings (host_user_id) where status = 'OPEN'`.execute(db)

  await db.schema
    .createTable('board_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('board_listings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // REMIND (15 minutes before) | OPEN (at the time)
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    // A claim is a lease: an instance that dies mid-job leaves it to be claimed again once the lease ends.
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    .addUniqueConstraint('board_jobs_one_per_kind', ['listing_id', 'kind'])
    .execute()
  await sql`create index board_jobs_due on board_jobs (due_at) where done_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('board_jobs').execute()
  await db.schema.dropTable('board_listings').execute()
  await db.schema.alterTable('users').dropColumn('hidden_from_board').dropColumn('time_zone').dropColumn('exam_month').execute()
}
