import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { imageSize } from 'image-size'
import { imageSizeFromFile } from 'image-size/fromFile'
import { badRequest, tooLarge } from '../errors.ts'

/**
 * The rules every stored image passes (SPEC.md sections 5 and 9, DESIGN.md security): the type is read from
 * the file's first bytes (never from the client's name or content type), the size is counted while the bytes
 * arrive, the dimensions come from the header, and the stored name is ours.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_IMAGE_SIDE = 2048

const TOO_LARGE = 'File size too large. Maximum allowed size is 5MB.'
const WRONG_TYPE = 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.'
const TOO_BIG_DIMENSIONS = 'Image dimensions too large. Maximum allowed size is 2048x2048 pixels.'
const INVALID_IMAGE = 'Invalid image file. Please select a valid image.'

export type ImageType = 'jpg' | 'png' | 'gif' | 'webp'

export const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const satisfies Record<ImageType, string>

/** Stored names are 128 random bits in hex plus the detected type: nothing a client chose, nothing to traverse. */
export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/

export const imagesDir = (dataDir: string) => path.join(dataDir, 'uploads', 'images')
export const newImageName = (type: ImageType) => `${randomBytes(16).toString('hex')}.${type}`

const SIGNATURES: Array<{ type: ImageType; matches: (head: Buffer) => boolean }> = [
  { type: 'jpg', matches: (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  { type: 'png', matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'gif', matches: (head) => ['GIF87a', 'GIF89a'].includes(head.toString('latin1', 0, 6)) },
  { type: 'webp', matches: (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP' },
]
const SIGNATURE_BYTES = 12

export const detectImageType = (head: Buffer): ImageType | null => SIGNATURES.find((s) => s.matches(head))?.type ?? null

/**
 * A pass-through that refuses the stream as soon as it is too long or does not start like an allowed image,
 * so a 6 MB upload or a disguised text file is never written out in full.
 */
export class ImageGate extends Transform {
  private received = 0
  private head = Buffer.alloc(0)
  type: ImageType | null = null

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.received += chunk.length
    if (this.received > MAX_IMAGE_BYTES) return done(tooLarge(TOO_LARGE))
    if (!this.type) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, SIGNATURE_BYTES)
      if (this.head.length >= SIGNATURE_BYTES && !this.decideType()) return done(badRequest(WRONG_TYPE))
    }
    done(null, chunk)
  }

  override _flush(done: TransformCallback) {
    if (this.received === 0) return done(badRequest(INVALID_IMAGE))
    if (!this.type && !this.decideType()) return done(badRequest(WRONG_TYPE))
    done()
  }

  private decideType(): boolean {
    this.type = detectImageType(this.head)
    return this.type !== null
  }
}

/** Reads the header of a complete file: it must be the type its first bytes promised, with sane dimensions. */
export async function checkImageHeader(file: string, type: ImageType): Promise<void> {
  checkDimensions(await imageSizeFromFile(file).catch(() => null), type)
}

/** An image already in memory (a case pack's) passes the upload's checks: its size, its type and its header. */
export function checkImageBytes(bytes: Buffer): ImageType {
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE)
  const type = detectImageType(bytes.subarray(0, SIGNATURE_BYTES))
  if (!type) throw badRequest(WRONG_TYPE)
  let size: ImageSize | null
  try {
    size = imageSize(bytes)
  } catch {
    size = null
  }
  checkDimensions(size, type)
  return type
}

/** A content-addressed stored name: the same bytes always get the same name, which STORED_NAME accepts. */
export const contentAddressedName = (bytes: Buffer, type: ImageType) => `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${type}`

type ImageSize = { width?: number; height?: number; type?: string }

function checkDimensions(size: ImageSize | null, type: ImageType): void {
  if (!size) throw badRequest(INVALID_IMAGE)
  const { width = 0, height = 0 } = size
  if (size.type !== type || !(width > 0 && height > 0)) throw badRequest(INVALID_IMAGE)
  // Checked from the header alone: a 10000x10000 image that is tiny on disk would still flood a browser.
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw badRequest(TOO_BIG_DIMENSIONS)
}
