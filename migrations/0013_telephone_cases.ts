import type { Kysely } from 'kysely'

/**
 * A case can be a telephone consultation (issue 29): the room then runs the telephone station by itself, every
 * camera off, with no one switching it on. Existing cases are not; the three shipped demo cases that are telephone
 * consultations (matched by their titles as shipped) become so, as a fresh seed of the demo bank would make them.
 */
const DEMO_TELEPHONE_TITLES = [
  'Telephone consultation: weight gain and breathlessness in heart failure',
  'Telephone call about a feverish toddler',
  'Telephone consultation: new headache and jaw pain in a 77-year-old',
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cases')
    .addColumn('telephone_consultation', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.updateTable('cases').set({ telephone_consultation: true }).where('title', 'in', DEMO_TELEPHONE_TITLES).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('telephone_consultation').execute()
}
