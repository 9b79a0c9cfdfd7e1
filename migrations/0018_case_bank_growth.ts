import { sql, type Kysely } from 'kysely'

/**
 * A case bank that candidates grow (issue 35).
 * - Versions: every save of a case stores its whole view as a new row of `case_versions`; sessions play, store
 *   and replay the version they drew (CaseAssigned.caseVersion). Each case as it stands now becomes version 1.
 * - A stable key per case, so a case pack imported twice finds the case it made the first time.
 * - Who contributed an approved case (shown by name, or anonymous), and the contributions under review.
 * - Problem reports about a case version, and each person's rating of a case.
 * - Full-text search over the title, description, both scripts and the station (English configuration: stems
 *   "pains" to "pain"; PGlite carries the same dictionaries as PostgreSQL).
 * - A Reviewer account role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db)
  await sql`alter table users add constraint users_role_check check (role in ('USER', 'ADMIN', 'REVIEWER'))`.execute(db)

  await sql`alter table cases add column case_key text not null default gen_random_uuid()::text`.execute(db)
  await sql`alter table cases add constraint cases_case_key_unique unique (case_key)`.execute(db)
  await sql`alter table cases add column current_version integer not null default 1 check (current_version > 0)`.execute(db)
  await sql`alter table cases add column contributor_id bigint references users (id) on delete set null`.execute(db)
  // The name shown with the case, copied at approval: null when the contributor chose to stay anonymous.
  await sql`alter table cases add column contributor_name text`.execute(db)
  await sql`
    alter table cases add column search_text tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', description), 'B') ||
      to_tsvector('english', doctor_notes || ' ' || patient_notes || ' ' || coalesce(station::text, ''))
    ) stored`.execute(db)
  await sql`create index cases_search_text on cases using gin (search_text)`.execute(db)

  await db.schema
    .createTable('case_versions')
    .addColumn('case_id', 'bigint', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    // The case as the wire's Case (WIRE.md section 4) without its id: what a session of this version shows.
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('case_versions_pk', ['case_id', 'version'])
    .execute()
  await sql`
    insert into case_versions (case_id, version, content, created_at)
    select c.id, 1, jsonb_build_object(
      'title', c.title, 'description', c.description,
      'category', jsonb_build_object('id', g.id, 'name', g.name, 'description', g.description),
      'doctorNotes', c.doctor_notes, 'patientNotes', c.patient_notes,
      'doctorSections', c.doctor_sections, 'patientSections', c.patient_sections,
      'visualData', c.visual_data, 'imageUrl', c.image_url, 'feedbackCriteria', c.feedback_criteria,
      'isRecallCase', c.is_recall_case,
      'recallDates', coalesce((select jsonb_agg(to_char(d.recall_date, 'YYYY-MM-DD') order by d.recall_date)
        from case_recall_dates d where d.case_id = c.id), '[]'::jsonb),
      'telephoneConsultation', c.telephone_consultation, 'station', c.station), c.updated_at
    from cases c join categories g on g.id = c.category_id`.execute(db)

  await db.schema
    .createTable('case_contributions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The case body as the author last saved it (schemas/content.ts CaseBody), checked again on submit.
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('DRAFT').check(sql`state in ('DRAFT', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED')`))
    .addColumn('show_name', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('case_id', 'bigint', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute()
  await sql`create index case_contributions_by_author on case_contributions (author_id, updated_at desc)`.execute(db)
  await sql`create index case_contributions_by_state on case_contributions (state, submitted_at)`.execute(db)

  await db.schema
    .createTable('case_contribution_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('contribution_id', 'bigint', (c) => c.notNull().references('case_contributions.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('SUBMITTED', 'COMMENT', 'CHANGES_REQUESTED', 'APPROVED')`))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index case_contribution_events_by_contribution on case_contribution_events (contribution_id, id)`.execute(db)

  await db.schema
    .createTable('case_ratings')
    .addColumn('case_id', 'bigint', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_version', 'integer', (c) => c.notNull())
    .addColumn('realism', 'smallint', (c) => c.notNull().check(sql`realism between 1 and 5`))
    .addColumn('difficulty', 'smallint', (c) => c.notNull().check(sql`difficulty between 1 and 5`))
    .addColumn('rated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('case_ratings_pk', ['case_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('case_problem_reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('case_id', 'bigint', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('case_version', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    // Where it was seen: a session's round (its timeline, issue 37), or a station practised alone.
    .addColumn('session_id', 'bigint', (c) => c.references('sessions.id').onDelete('set null'))
    .addColumn('round', 'integer')
    .addColumn('solo_station_id', 'bigint', (c) => c.references('solo_stations.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('WRONG_FACT', 'UNCLEAR', 'OFFENSIVE', 'OTHER')`))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'RESOLVED', 'DISMISSED')`))
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolution_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index case_problem_reports_queue on case_problem_reports (status, created_at)`.execute(db)

  await sql`alter table solo_stations add column case_version integer`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table solo_stations drop column case_version`.execute(db)
  for (const table of ['case_problem_reports', 'case_ratings', 'case_contribution_events', 'case_contributions', 'case_versions']) {
    await db.schema.dropTable(table).execute()
  }
  for (const column of ['search_text', 'contributor_name', 'contributor_id', 'current_version', 'case_key']) {
    await sql`alter table cases drop column ${sql.id(column)}`.execute(db)
  }
  await sql`alter table users drop constraint users_role_check`.execute(db)
  await sql`alter table users add constraint users_role_check check (role in ('USER', 'ADMIN'))`.execute(db)
}
