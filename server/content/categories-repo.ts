import { sql } from 'kysely'
import type { CategoryView } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { CategoryRow } from '../db/schema.ts'


/** The Category of WIRE.md section 4; the one place a categories row becomes JSON. */
export const categoryView = (row: CategoryRow): CategoryView => ({ id: row.id, name: row.name, description: row.description })

export const listCategories = (db: Db) => db.selectFrom('categories').selectAll().orderBy(sql`lower(name)`).orderBy('id').execute()

/** GET /categories: each with how many cases it holds, so the configure page offers only topics that have one. */
export async function listCategoriesWithCounts(db: Db): Promise<CategoryView[]> {
  const rows = await db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) => eb.selectFrom('cases').select(eb.fn.countAll<string>().as('n')).whereRef('cases.category_id', '=', 'categories.id').as('case_count'))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...categoryView(row), caseCount: Number(row.case_count ?? 0) }))
}

export const findCategoryByName = (db: Db, name: string) =>
  db.selectFrom('categories').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst()

/** Answers null when the name is taken in any letter case (the unique index decides, so two racing admins cannot both win). */
export async function insertCategory(db: Db, name: string): Promise<CategoryRow | null> {
  try {
    return await db.insertInto('categories').values({ name, description: null }).returningAll().executeTakeFirstOrThrow()
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}

export type RenameResult = { ok: true; row: CategoryRow } | { ok: false; reason: 'not-found' | 'name-taken' }

export async function renameCategory(db: Db, id: number, name: string): Promise<RenameResult> {
  try {
    const row = await db.updateTable('categories').set({ name }).where('id', '=', id).returningAll().executeTakeFirst()
    return row ? { ok: true, row } : { ok: false, reason: 'not-found' }
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' }
    throw error
  }
}

export type DeleteCategoryResult = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'has-cases'; caseCount: number }

/**
 * Deletes a category only if no case uses it. Locking the row first makes the count trustworthy: a case being
 * saved into this category at the same moment holds a key-share lock on it, so one of the two waits.
 */
export function deleteEmptyCategory(db: Db, id: number): Promise<DeleteCategoryResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst()
    if (!locked) return { ok: false, reason: 'not-found' }
    const { count } = await trx.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('count')).where('category_id', '=', id).executeTakeFirstOrThrow()
    if (Number(count) > 0) return { ok: false, reason: 'has-cases', caseCount: Number(count) }
    await trx.deleteFrom('categories').where('id', '=', id).execute()
    return { ok: true }
  })
}
