import { sql, type Kysely } from 'kysely'

/**
 * Cases in the exam's shape (issue 32): the structured station, beside the spec's fields derived from it when it
 * is saved (schemas/station/spec-fields.ts). Null for a case written in the older shape, which keeps working.
 * The station type is a column of its own, computed from the station, so sessions and progress can filter on it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table cases add column station jsonb`.execute(db)
  await sql`alter table cases add column station_type text generated always as (station ->> 'stationType') stored`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table cases drop column station_type`.execute(db)
  await sql`alter table cases drop column station`.execute(db)
}
