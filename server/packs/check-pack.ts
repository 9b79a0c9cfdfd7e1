import { stat } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { CaseKey, CasePack, CasePackHeader, PackEntry, type CasePack as Pack } from '../../schemas/packs/case-pack.ts'
import { validate, type FieldErrors } from '../../schemas/validate.ts'
import { CONTENT_TYPES, checkImageBytes, STORED_NAME, type ImageType } from '../content/image-files.ts'
import { badRequest, HttpError } from '../errors.ts'
import { findUnstorableText, UNSTORABLE_TEXT } from '../storable-text.ts'
import { imageReferences, type ImageToStore } from './pack-images.ts'

/**
 * Everything wrong with a pack, found before anything is written: its shape (the schema's rules, the editor's
 * for each case), then what the schema cannot see (a key used twice, an image that is not the image it claims, a
 * case showing an image it does not carry). A pack with any of these is refused whole, each field named by the
 * path a reader of the JSON follows: `cases[3].case.station.checklist[2].domain`.
 */

export interface CheckedPack {
  pack: Pack
  /** Per entry, its images by the name the pack gives them, decoded and checked. */
  images: Array<Map<string, ImageToStore>>
}

/** The answer to a pack that breaks the rules: a 400 whose validationErrors name every invalid field. */
export function refusePack(issues: FieldErrors): HttpError {
  const count = Object.keys(issues).length
  return badRequest(`The pack has ${count} invalid ${count === 1 ? 'field' : 'fields'}; nothing was imported.`, { validationErrors: issues })
}

/** `cases.3.case.title` as `cases[3].case.title`. */
const readablePath = (dotPath: string) => dotPath.replace(/\.(\d+)(?=\.|$)/g, '[$1]')

const readable = (issues: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(issues).map(([field, message]) => [readablePath(field), message]))

export async function checkPack(input: unknown, imageDir: string): Promise<CheckedPack> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('A case pack is a JSON object', { validationErrors: { pack: 'A case pack is a JSON object' } })
  }
  // Checked here as well as for every request (storable-text.ts): the command line imports without one.
  const unstorable = findUnstorableText(input, 'pack')
  if (unstorable !== null) {
    const field = unstorable === 'pack' ? 'pack' : readablePath(unstorable.slice('pack.'.length))
    throw refusePack({ [field]: `This field ${UNSTORABLE_TEXT}` })
  }
  // Another format is refused as a whole: listing its fields against this format's rules would only mislead.
  const header = validate(CasePackHeader, input)
  if (!header.ok) throw badRequest(Object.values(header.errors)[0], { validationErrors: header.errors })
  const parsed = validate(CasePack, input)
  const issues: FieldErrors = parsed.ok ? {} : readable(parsed.errors)
  // What the schema cannot see is looked for in every case that passes it, even when another does not: one
  // refusal names every problem, so a pack is fixed in one go.
  const listed: unknown = (input as { cases?: unknown }).cases
  const rawEntries: unknown[] = Array.isArray(listed) ? listed : []
  const entries: Array<PackEntry | null> = parsed.ok ? parsed.value.cases : rawEntries.map(validEntry)
  const images = entries.map((entry, index) => (entry ? decodeImages(entry, `cases[${index}]`, issues) : new Map<string, ImageToStore>()))
  findRepeatedKeys(rawEntries, issues)
  for (const [index, entry] of entries.entries()) if (entry) await findMissingImages(entry, images[index], `cases[${index}]`, imageDir, issues)
  if (!parsed.ok || Object.keys(issues).length > 0) throw refusePack(issues)
  return { pack: parsed.value, images }
}

/** A case of a pack that failed its schema, checked on its own: null when it fails too. */
function validEntry(entry: unknown): PackEntry | null {
  const result = v.safeParse(PackEntry, entry)
  return result.success ? result.output : null
}

/** Each valid key once: a key the schema refused is reported as such, not as a repeat. */
function findRepeatedKeys(entries: unknown[], issues: FieldErrors) {
  const firstAt = new Map<string, number>()
  for (const [index, entry] of entries.entries()) {
    const key = (entry as { key?: unknown } | null)?.key
    if (!v.is(CaseKey, key)) continue
    const first = firstAt.get(key)
    if (first === undefined) firstAt.set(key, index)
    else issues[`cases[${index}].key`] = `The key ${key} is also the key of cases[${first}]: each case needs its own`
  }
}

const mediaTypeOf = (type: ImageType) => CONTENT_TYPES[type]

function decodeImages(entry: PackEntry, where: string, issues: FieldErrors): Map<string, ImageToStore> {
  const images = new Map<string, ImageToStore>()
  for (const [index, image] of entry.images.entries()) {
    const at = `${where}.images[${index}]`
    if (images.has(image.name)) {
      issues[`${at}.name`] = `Another image of this case is also named ${image.name}`
      continue
    }
    const bytes = Buffer.from(image.base64, 'base64')
    let type: ImageType
    try {
      type = checkImageBytes(bytes)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      issues[`${at}.base64`] = error.message
      continue
    }
    if (mediaTypeOf(type) !== image.mediaType) issues[`${at}.mediaType`] = `The image is ${mediaTypeOf(type)}, not ${image.mediaType}`
    else images.set(image.name, { name: image.name, bytes, type })
  }
  return images
}

/** A case may show an image of its own only if the pack carries it, or it is already stored here under that name. */
async function findMissingImages(entry: PackEntry, images: Map<string, ImageToStore>, where: string, imageDir: string, issues: FieldErrors) {
  for (const { field, name } of imageReferences(entry.case)) {
    if (images.has(name) || entry.images.some((image) => image.name === name)) continue
    if (STORED_NAME.test(name) && (await stat(path.join(imageDir, name)).catch(() => null))?.isFile()) continue
    issues[`${where}.case.${field}`] = `The image ${name} is neither among this case's images nor stored on this server`
  }
}
