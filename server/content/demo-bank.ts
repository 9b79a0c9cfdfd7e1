import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { MEDICAL_TOPICS } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { PROJECT_ROOT } from '../project-root.ts'
import { normaliseCase } from './case-rules.ts'
import { listCaseTitles, saveCase } from './cases-repo.ts'
import { findCategoryByName, insertCategory } from './categories-repo.ts'
import { readDemoBank, type DemoBankCase, type DemoImage } from './demo-bank-files.ts'
import { upgradeDemoCases } from './demo-upgrade.ts'
import { imagesDir } from './image-files.ts'

/** Original practice cases shipped with the product, so a fresh install has something real to practise on. */
export const DEMO_BANK_DIR = path.join(PROJECT_ROOT, 'server/content/demo-bank')


export interface DemoBankCounts {
  categoriesCreated: number
  casesCreated: number
  casesAlreadyPresent: number
  /** Demo cases stored in the older shape, never edited, rewritten in the exam's shape (demo-upgrade.ts). */
  casesUpgraded: number
}

/**
 * Creates the missing topics and every demo case whose title is not in the bank yet; a second run changes
 * nothing. Everything is read and checked first (readDemoBank throws naming the file and case).
 */
export async function seedDemoBank(db: Db, options: { dataDir: string; dir?: string }): Promise<DemoBankCounts> {
  const cases = await readDemoBank(options.dir ?? DEMO_BANK_DIR)
  // Every topic exists as a category, even one with no demo file.
  const { ids: categoryIds, created: categoriesCreated } = await ensureCategories(db, [...MEDICAL_TOPICS, ...cases.map((c) => c.category)])
  await storeImages(cases, imagesDir(options.dataDir))

  const existing = await listCaseTitles(db)
  const missing = cases.filter((demoCase) => !existing.has(demoCase.body.title))
  for (const demoCase of missing) {
    const categoryId = categoryIds.get(demoCase.category.toLowerCase()) as number
    const saved = await saveCase(db, normaliseCase({ ...demoCase.body, category: { id: categoryId } }))
    if (!saved.ok) throw new Error(`Demo case bank: could not save "${demoCase.body.title}" (${saved.reason})`)
  }
  const casesUpgraded = await upgradeDemoCases(db, cases)
  return { categoriesCreated, casesCreated: missing.length, casesAlreadyPresent: cases.length - missing.length, casesUpgraded }
}

/** Finds each category by name whatever its letter case (an admin may have renamed "cardiology"), else creates it. */
async function ensureCategories(db: Db, names: string[]) {
  const ids = new Map<string, number>()
  let created = 0
  for (const name of names) {
    const key = name.toLowerCase()
    if (ids.has(key)) continue
    let row = await findCategoryByName(db, name)
    if (!row) {
      const inserted = await insertCategory(db, name)
      if (inserted) created += 1
      // null: another process created it a moment ago.
      row = inserted ?? (await findCategoryByName(db, name))
    }
    if (!row) throw new Error(`Demo case bank: could not create the category "${name}"`)
    ids.set(key, row.id)
  }
  return { ids, created }
}

/**
 * Copies each shipped image into the image folder under its content-addressed name. Copied through a
 * temporary name and renamed, so a half-copied file never carries a servable name.
 */
async function storeImages(cases: DemoBankCase[], dir: string) {
  const images = new Map<string, DemoImage>()
  for (const demoCase of cases) if (demoCase.image) images.set(demoCase.image.storedName, demoCase.image)
  if (images.size === 0) return
  await mkdir(dir, { recursive: true })
  for (const image of images.values()) {
    const target = path.join(dir, image.storedName)
    if (await stat(target).catch(() => null)) continue
    const temporary = path.join(dir, `.incoming-${randomBytes(8).toString('hex')}`)
    try {
      await copyFile(image.source, temporary)
      await rename(temporary, target)
    } finally {
      await rm(temporary, { force: true })
    }
  }
}
