import { isDeepStrictEqual } from 'node:util'
import type { Transaction } from 'kysely'
import * as v from 'valibot'
import { PackCaseBody, type ImportResult, type PackEntry } from '../../schemas/packs/case-pack.ts'
import type { Db } from '../db/connect.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import { conflict } from '../errors.ts'
import { normaliseCase, type CaseContent, type IdMaker } from '../content/case-rules.ts'
import { findCase, saveCaseIn } from '../content/cases-repo.ts'
import { findCategoryByName } from '../content/categories-repo.ts'
import { checkPack, type CheckedPack } from './check-pack.ts'
import { packCaseOf } from './export-pack.ts'
import { imageReferences, removeImages, storeImages, withStoredImages } from './pack-images.ts'

export interface ImportOptions {
  /** The image folder (server/content/image-files.ts imagesDir). */
  imageDir: string
  /** The admin importing, kept with each version saved (null: the command line). */
  savedBy: number | null
}

/**
 * Imports a pack (docs/case-pack.md), all or nothing: checked whole first (check-pack.ts), its images stored,
 * then every case in one transaction, matched by key: a new key is a new case; a known key whose content would
 * not change is left as it is (no new version), so importing a pack twice changes nothing; any other is saved as
 * that case's next version. Should anything fail, the transaction rolls back and the images it brought are
 * removed again.
 */
export async function importPack(db: Db, input: unknown, options: ImportOptions): Promise<ImportResult> {
  const checked = await checkPack(input, options.imageDir)
  const { storedNames, created } = await storeShownImages(checked, options.imageDir)
  try {
    return await db.transaction().execute(async (trx) => {
      const result: ImportResult = { created: [], updated: [], unchanged: [] }
      const categories = new Map<string, number>()
      for (const [index, entry] of checked.pack.cases.entries()) {
        const categoryId = await categoryFor(trx, entry.category, categories)
        // An image the pack does not carry is one stored here already (check-pack.ts): its URL stays.
        const body = withStoredImages(entry.case, (name) => storedNames[index].get(name) ?? name)
        const outcome = await importCase(trx, entry.key, normaliseCase({ ...body, category: { id: categoryId } }, itemIds()), options.savedBy)
        result[outcome].push(entry.key)
      }
      return result
    })
  } catch (error) {
    await removeImages(options.imageDir, created)
    // Another import or edit took a key or category name first: nothing of this one was kept.
    if (isUniqueViolation(error)) throw conflict('The bank changed while the pack was imported (another import at the same time?). Nothing was imported; try again.')
    throw error
  }
}

/** The images each case shows, stored (pack-images.ts); per case, the name each is stored under by its name in the pack. */
async function storeShownImages({ pack, images }: CheckedPack, imageDir: string): Promise<{ storedNames: Array<Map<string, string>>; created: string[] }> {
  const shown = pack.cases.map((entry, index) => {
    const names = new Set(imageReferences(entry.case).map((reference) => reference.name))
    return [...images[index].values()].filter((image) => names.has(image.name))
  })
  const stored = await storeImages(imageDir, shown.flat())
  let next = 0
  const storedNames = shown.map((list) => new Map(list.map((image) => [image.name, stored.storedNames[next++]])))
  return { storedNames, created: stored.created }
}

async function importCase(trx: Transaction<Database>, key: string, content: CaseContent, savedBy: number | null): Promise<keyof ImportResult> {
  const existing = await trx.selectFrom('cases').select('id').where('case_key', '=', key).forUpdate().executeTakeFirst()
  if (existing && isDeepStrictEqual(await storedContent(trx, existing.id), content)) return 'unchanged'
  const saved = await saveCaseIn(trx, content, existing?.id, { savedBy, caseKey: key })
  if (!saved.ok) throw new Error(`Could not save the case ${key} (${saved.reason})`)
  return existing ? 'updated' : 'created'
}

/** The stored case as it would come back from its own export: the same rules applied, so equal means unchanged. */
async function storedContent(trx: Transaction<Database>, id: number): Promise<CaseContent | null> {
  const stored = await findCase(trx, id)
  const body = stored && v.safeParse(PackCaseBody, packCaseOf(stored))
  return body?.success ? normaliseCase({ ...body.output, category: { id: stored!.category.id } }, itemIds()) : null
}

/**
 * Ids for the items a hand-written pack leaves without one, made the same way on every import (never random),
 * so that importing such a pack again finds its cases unchanged.
 */
function itemIds(): IdMaker {
  let count = 0
  return (prefix) => `${prefix}-imported-${++count}`
}

/** The category by name in any letter case, else a new one with the pack's description. */
async function categoryFor(trx: Transaction<Database>, category: PackEntry['category'], known: Map<string, number>): Promise<number> {
  const name = category.name.toLowerCase()
  let id = known.get(name) ?? (await findCategoryByName(trx, category.name))?.id
  id ??= (await trx.insertInto('categories').values({ name: category.name, description: category.description }).returning('id').executeTakeFirstOrThrow()).id
  known.set(name, id)
  return id
}
