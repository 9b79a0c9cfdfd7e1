import Fastify from 'fastify'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { serveWebAssets } from '../../server/web-assets.ts'
import { precompressDirectory } from '../../vite-precompress.ts'

// A build as `npm run build` leaves it (a bundle, the page, the public files, then their compressed copies),
// served the way the server serves dist/web.
const dist = mkdtempSync(path.join(os.tmpdir(), 'plab-web-'))
t.teardown(() => rmSync(dist, { recursive: true, force: true }))
mkdirSync(path.join(dist, 'assets'))
const bundle = Buffer.from(Array.from({ length: 400 }, (_, n) => `export function component${n}(props) { return props.value * ${n} }\n`).join(''))
writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), bundle)
const page = '<!doctype html><html lang="en"><head><title>PLAB Practice</title></head><body><div id="root"></div></body></html>'
writeFileSync(path.join(dist, 'index.html'), page)
copyFileSync(path.join(import.meta.dirname, '../../web/public/robots.txt'), path.join(dist, 'robots.txt'))
const written = await precompressDirectory(dist)

const app = Fastify({ logger: false })
await serveWebAssets(app, dist)
t.teardown(() => app.close())
const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

t.test('the build writes a brotli and a gzip copy of what is worth compressing, and only that', async (t) => {
  t.same(written.map((file) => path.relative(dist, file)).sort(), ['assets/index-Ab12Cd34.js.br', 'assets/index-Ab12Cd34.js.gz'])
  t.notOk(existsSync(path.join(dist, 'robots.txt.br')), 'a small file stays as it is')
})

t.test('a bundle goes out as br, gzip or as it is, as the browser asks, always the same bytes', async (t) => {
  const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync }
  for (const [asked, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br, zstd', 'br'], [undefined, undefined], ['identity', undefined]] as const) {
    const response = await get('/assets/index-Ab12Cd34.js', asked)
    t.equal(response.statusCode, 200)
    t.equal(response.headers['content-encoding'], expected, `Accept-Encoding: ${asked ?? 'none'}`)
    t.match(response.headers['content-type'], /^(text|application)\/javascript/)
    t.match(String(response.headers.vary), /accept-encoding/i, 'Vary: Accept-Encoding, even when sent as it is')
    t.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
    const body = expected ? decoders[expected](response.rawPayload) : response.rawPayload
    t.same(body, bundle, `${asked ?? 'none'}: decodes to the bundle (${response.rawPayload.length} of ${bundle.length} bytes)`)
  }
})

t.test('robots.txt: the public pages in, the API and the signed-in app out', async (t) => {
  const response = await get('/robots.txt')
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-type'], /^text\/plain/)
  t.equal(response.body, readFileSync(path.join(dist, 'robots.txt'), 'utf8'))
  const disallowed = [...response.body.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1])
  t.same(disallowed, ['/api/', '/ws/', '/dashboard', '/profile', '/session/', '/admin', '/reset-password'])
  t.match(response.body, /^Allow: \/$/m)
})

t.test('a file the build does not have is a 404, a client route is the page', async (t) => {
  for (const url of ['/favicon.ico', '/wp-login.php', '/assets/index-Old00000.js', '/sitemap.xml?page=1', '/session/123456/notes.txt']) {
    const response = await get(url)
    t.equal(response.statusCode, 404, url)
    t.same(response.json(), { error: 'Not found' }, url)
  }
  for (const url of ['/', '/dashboard', '/session/123456/room', '/reset-password?token=a.b.c']) {
    const response = await get(url)
    t.equal(response.statusCode, 200, url)
    t.equal(response.body, page, `${url}: the page`)
  }
})

t.test('HEAD of a page answers like its GET, without a body (uptime checks and link checkers ask that way)', async (t) => {
  for (const url of ['/', '/dashboard']) {
    const response = await app.inject({ method: 'HEAD', url })
    t.equal(response.statusCode, 200, url)
    t.match(response.headers['content-type'], /^text\/html/, url)
    t.equal(response.body, '', `${url}: no body`)
  }
  t.equal((await app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode, 404, 'a missing file is still a 404')
})
