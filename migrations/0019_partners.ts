import { sql, type Kysely } from 'kysely'

/**
 * Partners who show up (issue 36). Every table that names a user goes with the account (on delete cascade).
 * - Weekly free hours, in the owner's own time zone (wall times: 09:00-12:00 on Mondays stays 09:00 across a
 *   change of clocks).
 * - Times proposed to a candidate, answered (accepted, declined, countered) or withdrawn; an accepted one names
 *   the planned session it made.
 * - Attendance of planned sessions: an arrival is stamped when the person enters the room around the start; the
 *   row is settled (came or not) ten minutes after the start. Reliability counts the settled rows.
 * - People taken off "My partners", and invitations of "practise again".
 * - Blocks between two candidates, reports about a candidate, and an account's suspension.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    // Suspended while suspended_at is set and suspended_until is null (for good) or still to come.
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('suspended_until', 'timestamptz')
    .addColumn('suspension_reason', 'text')
    .execute()

  await db.schema
    .createTable('weekly_hours')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 0 is Monday ... 6 is Sunday; minutes from the owner's midnight, end exclusive (24:00 is 1440).
    .addColumn('weekday', 'smallint', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn('start_minute', 'smallint', (c) => c.notNull().check(sql`start_minute between 0 and 1439`))
    .addColumn('end_minute', 'smallint', (c) => c.notNull().check(sql`end_minute between 1 and 1440`))
    .addPrimaryKeyConstraint('weekly_hours_pk', ['user_id', 'weekday', 'start_minute'])
    .addCheckConstraint('weekly_hours_order', sql`start_minute < end_minute`)
    .execute()

  await db.schema
    .createTable('time_proposals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Proposed to a listing's host about that listing (its session's settings are copied), or to a candidate.
    .addColumn('listing_id', 'integer', (c) => c.references('board_listings.id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // PENDING | ACCEPTED | DECLINED | COUNTERED | WITHDRAWN
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    // A counter-proposal names the proposal it answers.
    .addColumn('replaces_id', 'integer', (c) => c.references('time_proposals.id').onDelete('set null'))
    // Accepted: the planned session it became.
    .addColumn('session_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .addCheckConstraint('time_proposals_two_people', sql`from_user_id <> to_user_id`)
    .execute()
  await sql`create index time_proposals_pending_to on time_proposals (to_user_id) where status = 'PENDING'`.execute(db)
  await sql`create index time_proposals_pending_from on time_proposals (from_user_id) where status = 'PENDING'`.execute(db)

  await db.schema
    .createTable('planned_attendance')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('board_listings.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('arrived_at', 'timestamptz')
    // Null until settled ten minutes after the start.
    .addColumn('came', 'boolean')
    .addPrimaryKeyConstraint('planned_attendance_pk', ['listing_id', 'user_id'])
    .execute()
  await sql`create index planned_attendance_user on planned_attendance (user_id) where came is not null`.execute(db)

  await db.schema
    .createTable('partner_removals')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('partner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A partner practised with again after this shows again.
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('partner_removals_pk', ['user_id', 'partner_id'])
    .execute()

  await db.schema
    .createTable('partner_invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index partner_invitations_to on partner_invitations (to_user_id)`.execute(db)

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('user_blocks_two_people', sql`blocker_id <> blocked_id`)
    .execute()
  await sql`create index user_blocks_blocked on user_blocks (blocked_id)`.execute(db)

  await db.schema
    .createTable('candidate_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reporter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The session the report is about, when there is one (no foreign key: a read model that may be rebuilt).
    .addColumn('session_id', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN')) // OPEN | CLOSED
    .addColumn('admin_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('closed_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('candidate_reports_two_people', sql`reporter_id <> reported_id`)
    .execute()
  await sql`create index candidate_reports_open on candidate_reports (created_at) where status = 'OPEN'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['candidate_reports', 'user_blocks', 'partner_invitations', 'partner_removals', 'planned_attendance', 'time_proposals', 'weekly_hours']) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('users').dropColumn('suspension_reason').dropColumn('suspended_until').dropColumn('suspended_at').execute()
}
