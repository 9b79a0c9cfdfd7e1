import * as v from 'valibot'
import { CaseBody, CATEGORY_NAME_MAX } from '../content.ts'

/**
 * A case pack (issue 35, item 4; docs/case-pack.md): a set of cases as one JSON document, to take a bank to
 * another server or bring an academy's cases in. Each case carries a stable key, so importing the same pack again
 * finds the cases it made the first time; its body follows the editor's rules (CaseBody) with the category named
 * instead of numbered, and the images it shows travel inside it. Published as JSON Schema at
 * GET /api/case-packs/schema.json.
 */

export const PACK_FORMAT = 'plab2-case-pack'
export const PACK_FORMAT_VERSION = 1

export const PACK_CASES_MAX = 2_000
export const PACK_IMAGES_PER_CASE_MAX = 10
/** An image is at most 5 MB, as an upload is (server/content/image-files.ts): its base64 text is 4/3 of that. */
export const PACK_IMAGE_BYTES_MAX = 5 * 1024 * 1024
const BASE64_MAX = Math.ceil(PACK_IMAGE_BYTES_MAX / 3) * 4

export const PACK_IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

/** A case's key: what an import matches cases by (cases.case_key); a new case of ours gets a UUID. */
export const CASE_KEY_RULE = 'A case key is 1-100 letters, digits, dots, dashes, underscores or colons'
export const CaseKey = v.pipe(v.string(CASE_KEY_RULE), v.regex(/^[A-Za-z0-9._:-]{1,100}$/, CASE_KEY_RULE))

/** The names a case's own images go by: its image URL (or image finding) reads /uploads/images/<name>. */
const IMAGE_NAME_RULE = 'An image name is 1-100 letters, digits, dots, dashes or underscores, not starting with a dot'
export const PACK_IMAGE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/
export const PACK_IMAGE_URL_PREFIX = '/uploads/images/'

const PackImage = v.object({
  name: v.pipe(v.string(IMAGE_NAME_RULE), v.regex(PACK_IMAGE_NAME, IMAGE_NAME_RULE)),
  mediaType: v.picklist(PACK_IMAGE_MEDIA_TYPES, `An image's mediaType must be one of ${PACK_IMAGE_MEDIA_TYPES.join(', ')}`),
  base64: v.pipe(
    v.string('An image is its bytes in base64'),
    v.nonEmpty('An image is its bytes in base64'),
    v.maxLength(BASE64_MAX, 'An image must be at most 5 MB'),
    // Not valibot's base64(): its regular expression overflows the stack on an image of a few megabytes.
    v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'An image is its bytes in base64'),
    v.check((text) => text.length % 4 === 0, 'An image is its bytes in base64'),
  ),
})
export type PackImage = v.InferOutput<typeof PackImage>

const PackCategory = v.object({
  name: v.pipe(
    v.string('A category name is required'),
    v.trim(),
    v.nonEmpty('A category name is required'),
    v.maxLength(CATEGORY_NAME_MAX, `A category name must be at most ${CATEGORY_NAME_MAX} characters`),
  ),
  /** Used only when the import creates the category: an existing one keeps its own. */
  description: v.nullish(v.pipe(v.string('A category description must be text'), v.maxLength(5_000, 'A category description must be at most 5000 characters')), null),
})

/** The editor's case with its category given by name, in the entry, rather than by this server's id. */
export const PackCaseBody = v.omit(CaseBody, ['category'])
export type PackCaseBody = v.InferOutput<typeof PackCaseBody>

export const PackEntry = v.object({
  key: CaseKey,
  category: PackCategory,
  case: PackCaseBody,
  images: v.optional(v.pipe(v.array(PackImage, 'images must be a list'), v.maxLength(PACK_IMAGES_PER_CASE_MAX, `At most ${PACK_IMAGES_PER_CASE_MAX} images per case`)), []),
})
export type PackEntry = v.InferOutput<typeof PackEntry>

/**
 * What says which document this is, read first: a pack of another format version is refused as a whole, not
 * field by field (its fields may mean something else).
 */
export const CasePackHeader = v.looseObject({
  format: v.literal(PACK_FORMAT, `This is not a case pack: its format must be "${PACK_FORMAT}"`),
  formatVersion: v.literal(
    PACK_FORMAT_VERSION,
    (issue) => `This pack is format ${issue.received}; this server reads format ${PACK_FORMAT_VERSION}`,
  ),
})

export const CasePack = v.object({
  ...CasePackHeader.entries,
  exportedAt: v.pipe(v.string('exportedAt must be a time'), v.isoTimestamp('exportedAt must be an ISO 8601 time, like 2025-01-31T09:00:00.000Z')),
  cases: v.pipe(v.array(PackEntry, 'cases must be a list'), v.maxLength(PACK_CASES_MAX, `At most ${PACK_CASES_MAX} cases in one pack`)),
})
export type CasePack = v.InferOutput<typeof CasePack>
export type CasePackInput = v.InferInput<typeof CasePack>

/** What an import did, by case key: each key in exactly one list. */
export const ImportResultSchema = v.object({
  created: v.array(v.string()),
  updated: v.array(v.string()),
  unchanged: v.array(v.string()),
})
export type ImportResult = v.InferOutput<typeof ImportResultSchema>
