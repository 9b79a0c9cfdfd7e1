import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { CaseView } from '../../schemas/content.ts'
import { PACK_FORMAT, PACK_FORMAT_VERSION, type CasePackInput, type PackCaseBody } from '../../schemas/packs/case-pack.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../errors.ts'
import { listCases } from '../content/cases-repo.ts'
import { CONTENT_TYPES, STORED_NAME, type ImageType } from '../content/image-files.ts'
import { imageReferences } from './pack-images.ts'

type PackEntryOut = CasePackInput['cases'][number]

/**
 * A case as a pack carries it: its current content with every item id (so an unchanged case imports as
 * unchanged), without what names it on this server (its id, the category's id, the version, the contributor).
 */
export function packCaseOf(view: CaseView): PackCaseBody {
  return {
    title: view.title,
    description: view.description,
    doctorNotes: view.doctorNotes,
    patientNotes: view.patientNotes,
    doctorSections: view.doctorSections,
    patientSections: view.patientSections,
    visualData: view.visualData,
    imageUrl: view.imageUrl,
    feedbackCriteria: view.feedbackCriteria,
    isRecallCase: view.isRecallCase,
    recallDates: view.recallDates,
    telephoneConsultation: view.telephoneConsultation,
    station: view.station,
  }
}

export interface ExportOptions {
  /** Only these cases; every case when absent. */
  ids?: number[]
  now: Date
}

/** The bank (or the cases asked for) as one pack, in the order they were created, their images inside. */
export async function exportPack(db: Db, imageDir: string, options: ExportOptions): Promise<CasePackInput> {
  // One snapshot: a case saved or deleted meanwhile is either wholly in the pack, key and all, or not at all.
  const { cases, keys } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      cases: await listCases(trx),
      keys: new Map((await trx.selectFrom('cases').select(['id', 'case_key']).execute()).map((row) => [row.id, row.case_key])),
    }))
  const chosen = options.ids ? pick(cases, options.ids) : cases
  const entries: PackEntryOut[] = []
  for (const view of chosen) {
    const body = packCaseOf(view)
    entries.push({
      key: keys.get(view.id)!,
      category: { name: view.category.name, description: view.category.description },
      case: body,
      images: await ownImages(body, imageDir),
    })
  }
  return { format: PACK_FORMAT, formatVersion: PACK_FORMAT_VERSION, exportedAt: options.now.toISOString(), cases: entries }
}

function pick(cases: CaseView[], ids: number[]): CaseView[] {
  const missing = ids.filter((id) => !cases.some((item) => item.id === id))
  if (missing.length > 0) throw notFound(`No case with the id ${missing.join(', ')}`)
  const wanted = new Set(ids)
  return cases.filter((item) => wanted.has(item.id))
}

/**
 * The images the case shows from our own folder, as base64 under the name its URL uses. A file that has gone
 * missing is left out (the URL stays, as broken as it is here); an import then says which case lacks it.
 */
async function ownImages(body: PackCaseBody, imageDir: string): Promise<PackEntryOut['images']> {
  const names = [...new Set(imageReferences(body).map((reference) => reference.name))].filter((name) => STORED_NAME.test(name))
  const images: NonNullable<PackEntryOut['images']> = []
  for (const name of names) {
    const bytes = await readFile(path.join(imageDir, name)).catch(() => null)
    if (!bytes) continue
    const type = name.slice(name.lastIndexOf('.') + 1) as ImageType
    images.push({ name, mediaType: CONTENT_TYPES[type], base64: bytes.toString('base64') })
  }
  return images
}
