import { sql, type Kysely } from 'kysely'

/**
 * Marking in the PLAB 2 exam's shape (issue 17). Every feedback criterion of a case gets a `domain` key: null for
 * the criteria already stored, so the editor and the admin list can show them as not assigned yet. Feedback rows
 * get the examiner's global judgement and feedback areas, and the station result derived from the scores at
 * submission (per-domain mean, grade and points, and the station score), stored so that the dashboard and the
 * progress page read and aggregate it in SQL. Feedback given before this has no domains: its three domains are
 * ungraded and its station score is null.
 */
const UNGRADED = JSON.stringify(
  ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'].map((domain) => ({ domain, mean: null, grade: null, points: null, criteriaCount: 0 })),
)

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update cases set feedback_criteria = (
      select coalesce(jsonb_agg(case when criterion ? 'domain' then criterion else criterion || '{"domain": null}'::jsonb end order by position), '[]'::jsonb)
      from jsonb_array_elements(feedback_criteria) with ordinality as item(criterion, position)
    )
    where exists (select 1 from jsonb_array_elements(feedback_criteria) as item(criterion) where not criterion ? 'domain')`.execute(db)

  await db.schema
    .alterTable('feedback')
    .addColumn('global_judgement', 'text', (c) => c.check(sql`global_judgement in ('UNSATISFACTORY', 'BORDERLINE', 'SATISFACTORY', 'GOOD')`))
    .addColumn('feedback_areas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(feedback_areas) = 'array'`))
    // The default fills the rows already there; new rows always get the projection's value.
    .addColumn('domain_scores', 'jsonb', (c) => c.notNull().defaultTo(sql`${sql.lit(UNGRADED)}::jsonb`).check(sql`jsonb_typeof(domain_scores) = 'array'`))
    .addColumn('station_score', 'smallint', (c) => c.check(sql`station_score between 0 and 12`))
    .execute()
  await db.schema.alterTable('feedback').alterColumn('domain_scores', (c) => c.dropDefault()).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('feedback').dropColumn('station_score').dropColumn('domain_scores').dropColumn('feedback_areas').dropColumn('global_judgement').execute()
  await sql`
    update cases set feedback_criteria = (
      select coalesce(jsonb_agg(criterion - 'domain' order by position), '[]'::jsonb)
      from jsonb_array_elements(feedback_criteria) with ordinality as item(criterion, position)
    )`.execute(db)
}
