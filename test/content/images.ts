import { crc32, deflateSync } from 'node:zlib'

/**
 * Tiny images built in memory for the upload tests, and a multipart body builder. The PNG is built chunk by
 * chunk (real CRCs and pixel data) so its header can claim any size: a 10000x10000 PNG that is tiny on disk.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A PNG whose header says width x height; real grey pixels for small sizes, one row otherwise. */
export function png(width = 1, height = 1, extraBytes = 0): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale, deflate, no filter, no interlace
  const rows = Math.min(height, 4)
  const pixels = deflateSync(Buffer.alloc(rows * (width + 1), 0x80))
  // An ancillary text chunk pads the file to an exact size without touching the image.
  const padding = extraBytes > 0 ? [chunk('tEXt', Buffer.alloc(extraBytes, 0x61))] : []
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), ...padding, chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}

/** A PNG of exactly `size` bytes (chunk overhead is 12 bytes). */
export function pngOfSize(size: number): Buffer {
  const base = png().length + 12
  return png(1, 1, size - base)
}

/** Well-known minimal 1x1 images. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')

export interface Part {
  name: string
  filename?: string
  contentType?: string
  content: Buffer | string
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]) {
  const boundary = '----plabTestBoundary7MA4YWxkTrZu0gW'
  const pieces: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`
    const type = part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'))
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
