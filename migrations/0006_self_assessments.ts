import { sql, type Kysely } from 'kysely'

/**
 * The doctor's private self-assessment of a round (issue 16), scored on the case's mark scheme while the others
 * give their feedback and shown only in that doctor's debrief. Not an event of the session log: nobody else in
 * the room ever hears of it, and nothing the session decides depends on it. It belongs to the user: their
 * account's deletion takes it with it. No foreign key to sessions: the session rows are a rebuildable read model.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('self_assessments')
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_id', 'bigint', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('criteria_scores', 'jsonb', (c) => c.notNull())
    .addColumn('overall_performance', 'double precision', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('self_assessments_pk', ['session_id', 'round', 'user_id'])
    .execute()
  await db.schema.createIndex('self_assessments_user').on('self_assessments').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_assessments').execute()
}
