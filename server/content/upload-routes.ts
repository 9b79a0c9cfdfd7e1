import multipart, { type Multipart } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'
import { contentContracts } from '../../schemas/api/content.ts'
import { badRequest, HttpError, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { checkImageHeader, CONTENT_TYPES, ImageGate, imagesDir, MAX_IMAGE_BYTES, newImageName, STORED_NAME, type ImageType } from './image-files.ts'

const SEND_ONE_FILE = 'Send exactly one image file, in the form field "file".'

/**
 * POST /api/upload/image (admins) and GET /api/uploads/images/:name (public: case images are shown in
 * sessions). Uploads are written to a temporary file beside their final place and renamed only after every
 * check passed, so a refused upload leaves nothing behind.
 */
export async function uploadRoutes(app: FastifyInstance, options: { dataDir: string }) {
  const dir = imagesDir(options.dataDir)
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    // Busboy stops one byte past the limit, which is how ImageGate tells "exactly 5 MB" from "too large".
    limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 2, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    throwFileSizeLimit: false,
  })

  serve(app, contentContracts.uploadImage, { preHandler: app.requireAdmin }, async (request) => {
    const { name, originalName } = await receiveImage(request, dir)
    return { url: `/uploads/images/${name}`, originalName }
  })

  serve(app, contentContracts.image, {}, async (request, _checked, reply) => {
    const { name } = request.params
    const match = STORED_NAME.exec(name)
    if (!match) throw notFound('Image not found')
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) throw notFound('Image not found')
    return reply
      .type(CONTENT_TYPES[match[1] as ImageType])
      .header('Content-Length', info.size)
      .header('X-Content-Type-Options', 'nosniff')
      // A stored name never gets new content, so browsers may keep it for good.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file))
  })
}

async function receiveImage(request: FastifyRequest, dir: string): Promise<{ name: string; originalName: string }> {
  if (!request.isMultipart()) throw badRequest(SEND_ONE_FILE)
  await mkdir(dir, { recursive: true })
  let temporary: string | null = null
  try {
    let received: { type: ImageType; originalName: string } | null = null
    for await (const part of formParts(request)) {
      if (part.type === 'field') continue
      if (part.fieldname !== 'file' || received) throw badRequest(SEND_ONE_FILE)
      // The dot prefix keeps a half-written upload out of STORED_NAME, so it can never be served.
      temporary = path.join(dir, `.incoming-${randomBytes(8).toString('hex')}`)
      const type = await writeThroughGate(part.file, temporary)
      received = { type, originalName: path.basename(part.filename ?? '') }
    }
    if (!received || !temporary) throw badRequest(SEND_ONE_FILE)
    await checkImageHeader(temporary, received.type)
    const name = newImageName(received.type)
    await rename(temporary, path.join(dir, name))
    temporary = null
    return { name, originalName: received.originalName }
  } finally {
    if (temporary) await rm(temporary, { force: true })
  }
}

/** Streams a file part through the ImageGate into `target`; answers the type its first bytes showed. */
async function writeThroughGate(file: Readable, target: string): Promise<ImageType> {
  const gate = new ImageGate()
  const output = createWriteStream(target, { flags: 'wx' })
  // pipeline hands the first error to every stream, so the first stream to fail says whose fault it is
  // (the form's stream may have failed already, while this part waited to be read).
  let failedFirst: 'form' | 'disk' | null = file.errored ? 'form' : null
  file.once('error', () => (failedFirst ??= 'form'))
  output.once('error', () => (failedFirst ??= 'disk'))
  await pipeline(file, gate, output).catch(async (error) => {
    // A write stream destroyed early may still be opening its file: wait until it has closed, or the caller's
    // clean-up could run first and the file would appear after it.
    if (!output.closed) await new Promise((closed) => output.once('close', closed))
    throw failedFirst === 'form' ? clientFault(error) : error
  })
  return gate.type as ImageType
}

/** The form's parts, with the parser's complaints (a cut-off or garbled form) reported as the client's fault. */
async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart>
  try {
    parts = request.parts()
  } catch (error) {
    throw clientFault(error)
  }
  for (;;) {
    const next = await parts.next().catch((error) => {
      throw clientFault(error)
    })
    if (next.done) return
    yield next.value
  }
}

/** Busboy's errors carry no status: a malformed form is a 400. Our refusals and the plugin's limits keep theirs. */
const clientFault = (error: unknown) =>
  error instanceof HttpError || (error as { statusCode?: number }).statusCode ? error : badRequest('The upload is not a valid multipart form.')
