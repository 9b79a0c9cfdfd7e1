import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import { buildApp } from '../../server/app.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { GIF, JPEG, multipart, png, PNG_SIGNATURE, pngOfSize, SVG, WEBP, type Part } from './images.ts'

const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN' })
const user = await signedInUser(ctx)
const uploadDir = path.join(ctx.config.dataDir, 'uploads', 'images')
const storedFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir).sort() : [])

const upload = (parts: Part[], auth: Record<string, string> = admin.auth) => {
  const { payload, headers } = multipart(parts)
  return call(app, { method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...auth } })
}
const uploadFile = (content: Buffer | string, filename = 'picture.png') => upload([{ name: 'file', filename, contentType: 'image/png', content }])
const serve = (name: string) => app.inject({ method: 'GET', url: `/api/uploads/images/${name}` })

t.test('JPEG, PNG, GIF and WebP are stored under a generated name and served back', async (t) => {
  for (const [type, content] of [['jpg', JPEG], ['png', png(3, 2)], ['gif', GIF], ['webp', WEBP]] as const) {
    const response = await uploadFile(content, `holiday photo.${type}`)
    t.equal(response.status, 200, type)
    t.match(response.json.url, new RegExp(`^/uploads/images/[0-9a-f]{32}\\.${type}$`), 'relative URL the client prefixes with /api')
    t.equal(response.json.originalName, `holiday photo.${type}`)
    const served = await serve(path.basename(response.json.url))
    t.equal(served.statusCode, 200)
    t.same(served.rawPayload, content, 'the same bytes')
    t.equal(served.headers['content-type'], { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }[type])
    t.equal(served.headers['x-content-type-options'], 'nosniff')
    t.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable')
  }
  t.notOk(storedFiles().some((name) => name.startsWith('.')), 'no temporary file left behind')
})

t.test('the limits are inclusive: exactly 5 MB and exactly 2048x2048 are accepted', async (t) => {
  t.equal((await uploadFile(pngOfSize(5 * 1024 * 1024))).status, 200, '5242880 bytes')
  t.equal((await uploadFile(png(2048, 2048))).status, 200, '2048x2048')
})

/** Every refusal: its status and message, and not one new file in the upload folder. */
async function refused(t: Test, label: string, attempt: () => Promise<{ status: number; json: any }>, status: number, error: string) {
  const before = storedFiles()
  const response = await attempt()
  t.same([response.status, response.json?.error], [status, error], label)
  t.same(storedFiles(), before, `${label}: nothing written`)
}

const TOO_LARGE = 'File size too large. Maximum allowed size is 5MB.'
const WRONG_TYPE = 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.'
const TOO_BIG = 'Image dimensions too large. Maximum allowed size is 2048x2048 pixels.'
const INVALID = 'Invalid image file. Please select a valid image.'
const ONE_FILE = 'Send exactly one image file, in the form field "file".'

t.test('oversized, disguised, flooding and corrupt files are refused with the spec\'s messages', async (t) => {
  await refused(t, '6 MB', () => uploadFile(pngOfSize(6 * 1024 * 1024)), 413, TOO_LARGE)
  await refused(t, 'one byte over 5 MB', () => uploadFile(pngOfSize(5 * 1024 * 1024 + 1)), 413, TOO_LARGE)
  await refused(t, 'a text file', () => uploadFile('just some notes, not an image at all'), 400, WRONG_TYPE)
  await refused(t, 'an SVG, even named .png', () => uploadFile(SVG, 'logo.png'), 400, WRONG_TYPE)
  await refused(t, 'an SVG as itself', () => upload([{ name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', content: SVG }]), 400, WRONG_TYPE)
  await refused(t, 'a PNG signature on a text file', () => uploadFile(Buffer.concat([PNG_SIGNATURE, Buffer.from('this is really a text file')])), 400, INVALID)
  await refused(t, 'a 10000x10000 PNG tiny on disk', () => uploadFile(png(10000, 10000)), 400, TOO_BIG)
  await refused(t, 'too wide only', () => uploadFile(png(2049, 1)), 400, TOO_BIG)
  await refused(t, 'too tall only', () => uploadFile(png(1, 2049)), 400, TOO_BIG)
  await refused(t, 'a zero-width PNG', () => uploadFile(png(0, 5)), 400, INVALID)
  await refused(t, 'a JPEG start and then garbage', () => uploadFile(Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(300, 0x11)]), 'x.jpg'), 400, INVALID)
  await refused(t, 'a truncated PNG', () => uploadFile(png(5, 5).subarray(0, 18)), 400, INVALID)
  await refused(t, 'a GIF that says it is a PNG', () => uploadFile(Buffer.concat([Buffer.from('GIF89a'), png(1, 1).subarray(6)])), 400, INVALID)
  await refused(t, 'an empty file', () => uploadFile(Buffer.alloc(0)), 400, INVALID)
  await refused(t, 'a 5-byte file', () => uploadFile(Buffer.from('GIF8')), 400, WRONG_TYPE)
})

t.test('the form must carry one file, in the field "file"', async (t) => {
  await refused(t, 'wrong field name', () => upload([{ name: 'image', filename: 'a.png', content: png() }]), 400, ONE_FILE)
  await refused(t, 'two files', () => upload([{ name: 'file', filename: 'a.png', content: png() }, { name: 'file', filename: 'b.png', content: png() }]), 400, ONE_FILE)
  await refused(t, 'a good file then a wrongly named one', () => upload([{ name: 'file', filename: 'a.png', content: png() }, { name: 'other', filename: 'b.png', content: png() }]), 400, ONE_FILE)
  await refused(t, 'no file, only a field', () => upload([{ name: 'file', content: 'not a file' }]), 400, ONE_FILE)
  await refused(t, 'JSON instead of a form', () => call(app, { method: 'POST', url: '/api/upload/image', headers: admin.auth, body: { file: 'x' } }), 400, ONE_FILE)
  const form = multipart([{ name: 'file', filename: 'a.png', content: png(40, 40) }])
  const raw = (payload: Buffer, contentType: string) =>
    call(app, { method: 'POST', url: '/api/upload/image', payload, headers: { 'content-type': contentType, ...admin.auth } })
  const MALFORMED = 'The upload is not a valid multipart form.'
  await refused(t, 'a form cut off inside the file', () => raw(form.payload.subarray(0, form.payload.length - 60), form.headers['content-type']), 400, MALFORMED)
  await refused(t, 'a form without a boundary', () => raw(form.payload, 'multipart/form-data'), 400, MALFORMED)
  await refused(t, 'garbage', () => raw(Buffer.from('hello there'), form.headers['content-type']), 400, MALFORMED)
  const withField = await upload([{ name: 'caption', content: 'ignored' }, { name: 'file', filename: 'a.png', content: png() }])
  t.equal(withField.status, 200, 'other plain fields are ignored')
})

t.test('a form cut off anywhere is a 400 (or, once complete, a 200), never a 500, and leaves no partial file', async (t) => {
  const form = multipart([{ name: 'caption', content: 'x' }, { name: 'file', filename: 'a.png', content: png(40, 40) }])
  const statuses = new Set<number>()
  for (let cut = 0; cut < form.payload.length; cut++) {
    const response = await call(app, { method: 'POST', url: '/api/upload/image', payload: form.payload.subarray(0, cut), headers: { ...form.headers, ...admin.auth } })
    statuses.add(response.status)
  }
  t.same([...statuses].sort(), [200, 400])
  t.notOk(storedFiles().some((name) => name.startsWith('.')), 'no temporary file left behind')
})

t.test('the client\'s file name never becomes a path', async (t) => {
  const response = await uploadFile(png(), '../../x.png')
  t.equal(response.status, 200)
  t.match(response.json.url, /^\/uploads\/images\/[0-9a-f]{32}\.png$/)
  t.equal(response.json.originalName, 'x.png')
  for (const escaped of [path.join(ctx.config.dataDir, 'x.png'), path.join(ctx.config.dataDir, 'uploads', 'x.png'), path.join(uploadDir, 'x.png')]) {
    t.notOk(existsSync(escaped), `nothing at ${escaped}`)
  }
})

t.test('only admins upload; anyone may fetch an image, but only by a generated name', async (t) => {
  await refused(t, 'no token', () => upload([{ name: 'file', filename: 'a.png', content: png() }], {}), 401, 'Please sign in to continue.')
  await refused(t, 'a USER', () => upload([{ name: 'file', filename: 'a.png', content: png() }], user.auth), 403, 'Administrator access is required')
  const stored = storedFiles().find((name) => name.endsWith('.png')) as string
  for (const name of ['0123456789abcdef0123456789abcdef.png', stored.replace('.png', '.gif'), '..%2F..%2Fjwt-secret', '..%2Fimages%2F' + stored, stored.toUpperCase(), `.incoming-${stored}`]) {
    const response = await serve(name)
    t.same([response.statusCode, response.json().error], [404, 'Image not found'], name)
  }
})

t.test('an uploaded image survives a restart (it lives in the data folder, not in memory)', async (t) => {
  const response = await uploadFile(png(7, 7))
  const restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false })
  t.teardown(() => restarted.close())
  const served = await restarted.inject({ method: 'GET', url: `/api${response.json.url}` })
  t.equal(served.statusCode, 200)
  t.same(served.rawPayload, png(7, 7))
  t.same(readFileSync(path.join(uploadDir, path.basename(response.json.url))), png(7, 7))
})
