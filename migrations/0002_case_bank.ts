import { sql, type Kysely } from 'kysely'

/**
 * The case bank (docs/decisions/0010-case-bank-storage.md): categories and recall dates are relational because
 * they are filtered, counted and joined; a case's sections and mark scheme are JSONB because they are only ever
 * read and written whole, in their order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 100`))
    .addColumn('description', 'text')
    .execute()
  // "Cardiology" and "cardiology" would be two topics on the configure screen that draw different cases.
  await sql`create unique index categories_name_unique on categories (lower(name))`.execute(db)

  await db.schema
    .createTable('cases')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(btrim(title)) > 0`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // RESTRICT: a category with cases cannot disappear and take its cases with it.
    .addColumn('category_id', 'bigint', (c) => c.notNull().references('categories.id').onDelete('restrict'))
    .addColumn('doctor_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('patient_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('doctor_sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(doctor_sections) = 'array'`))
    .addColumn('patient_sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(patient_sections) = 'array'`))
    .addColumn('visual_data', 'jsonb', (c) => c.check(sql`visual_data is null or jsonb_typeof(visual_data) = 'object'`))
    .addColumn('image_url', 'text')
    .addColumn('feedback_criteria', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(feedback_criteria) = 'array'`))
    .addColumn('is_recall_case', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('cases_category').on('cases').column('category_id').execute()

  // Recall sessions pick cases by a date range, and the configure screen lists the distinct dates.
  await db.schema
    .createTable('case_recall_dates')
    .addColumn('case_id', 'bigint', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('recall_date', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_recall_dates_pk', ['case_id', 'recall_date'])
    .execute()
  await db.schema.createIndex('case_recall_dates_date').on('case_recall_dates').column('recall_date').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('case_recall_dates').execute()
  await db.schema.dropTable('cases').execute()
  await db.schema.dropTable('categories').execute()
}
