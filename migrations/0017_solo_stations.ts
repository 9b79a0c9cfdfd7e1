import { sql, type Kysely } from 'kysely'

/**
 * Stations practised alone (issue 34): the case drawn, its clock (epoch ms of the server's clock, the times the
 * phases are read from) and the candidate's marks of themselves, kept apart from the feedback others give, so
 * they never mix into peer figures, rater agreement or pass marks. Gone with the account; a deleted case leaves
 * the station with its title.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('solo_stations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_id', 'bigint', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('case_title', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('station_type', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('reading_seconds', 'integer', (c) => c.notNull().check(sql`reading_seconds > 0`))
    .addColumn('consultation_seconds', 'integer', (c) => c.notNull().check(sql`consultation_seconds > 0`))
    .addColumn('consultation_started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('marks', 'jsonb')
    .addColumn('station_score', 'integer')
    .addColumn('marked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index solo_stations_by_user on solo_stations (user_id, started_at desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('solo_stations').execute()
}
