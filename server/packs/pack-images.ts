import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PACK_IMAGE_URL_PREFIX, type PackCaseBody } from '../../schemas/packs/case-pack.ts'
import { contentAddressedName, STORED_NAME, type ImageType } from '../content/image-files.ts'

/**
 * A case's own images are the ones its image URL or image finding points at under /uploads/images/ (upload-routes.ts);
 * a web address elsewhere stays a web address. In a pack each such image travels with its case under the name the
 * URL uses, and an import stores it and points the case at where it now lives.
 */

/** The image name an own-image URL ends in; null for a web address or no image at all. */
export function ownImageName(url: string | null | undefined): string | null {
  const trimmed = url?.trim() ?? ''
  return trimmed.startsWith(PACK_IMAGE_URL_PREFIX) ? trimmed.slice(PACK_IMAGE_URL_PREFIX.length) : null
}

type ImageFields = Pick<PackCaseBody, 'imageUrl' | 'visualData'>

/** The fields of a case that may show one of its own images, each with the image's name. */
export function imageReferences(body: ImageFields): Array<{ field: 'imageUrl' | 'visualData.content'; name: string }> {
  const fromUrl = ownImageName(body.imageUrl)
  const fromVisual = body.visualData?.type === 'image' ? ownImageName(body.visualData.content) : null
  return [
    ...(fromUrl === null ? [] : [{ field: 'imageUrl' as const, name: fromUrl }]),
    ...(fromVisual === null ? [] : [{ field: 'visualData.content' as const, name: fromVisual }]),
  ]
}

/** The case with each own-image URL pointing at the name its image is stored under here. */
export function withStoredImages<T extends ImageFields>(body: T, storedName: (name: string) => string): T {
  const moved = (url: string) => {
    const name = ownImageName(url)
    return name === null ? url : PACK_IMAGE_URL_PREFIX + storedName(name)
  }
  return {
    ...body,
    imageUrl: body.imageUrl && moved(body.imageUrl),
    visualData: body.visualData?.type === 'image' ? { ...body.visualData, content: moved(body.visualData.content) } : body.visualData,
  }
}

export interface ImageToStore {
  /** The name the pack gives it: kept when it is one of ours and free here (or holds these very bytes). */
  name: string
  bytes: Buffer
  type: ImageType
}

/**
 * Writes images into the image folder before the import's transaction, each under the pack's own name when that
 * is a stored name free here, else under a name made from its content: an image imported twice is one file, and
 * a bank exported and imported elsewhere keeps its URLs. Each file is linked into place from a temporary name,
 * so a name is never overwritten and never serves half a file. `created` lists what was new, for the clean-up
 * of a failed import.
 */
export async function storeImages(dir: string, images: ImageToStore[]): Promise<{ storedNames: string[]; created: string[] }> {
  const created: string[] = []
  const storedNames: string[] = []
  try {
    if (images.length > 0) await mkdir(dir, { recursive: true })
    for (const image of images) storedNames.push(await storeOne(dir, image, created))
  } catch (error) {
    await removeImages(dir, created)
    throw error
  }
  return { storedNames, created }
}

async function storeOne(dir: string, image: ImageToStore, created: string[]): Promise<string> {
  const candidates = [image.name, contentAddressedName(image.bytes, image.type)].filter((name) => STORED_NAME.test(name) && name.endsWith(`.${image.type}`))
  for (const name of candidates) {
    const outcome = await placeFile(dir, name, image.bytes)
    if (outcome === 'created') created.push(name)
    if (outcome !== 'taken') return name
  }
  // Unreachable: the content-addressed name holds these bytes or is free, unless a file was tampered with.
  throw new Error(`The image folder holds another file under ${contentAddressedName(image.bytes, image.type)}`)
}

/** 'created', 'same' (already there, byte for byte) or 'taken' (another image has that name). */
async function placeFile(dir: string, name: string, bytes: Buffer): Promise<'created' | 'same' | 'taken'> {
  const target = path.join(dir, name)
  const existing = await readFile(target).catch(() => null)
  if (existing) return existing.equals(bytes) ? 'same' : 'taken'
  // The dot prefix keeps a half-written file out of STORED_NAME, so it can never be served.
  const temporary = path.join(dir, `.incoming-${randomBytes(8).toString('hex')}`)
  await writeFile(temporary, bytes, { flag: 'wx' })
  try {
    await link(temporary, target)
    return 'created'
  } catch (error) {
    // Another import placed it a moment ago.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return placeFile(dir, name, bytes)
    throw error
  } finally {
    await rm(temporary, { force: true })
  }
}

export async function removeImages(dir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })))
}
