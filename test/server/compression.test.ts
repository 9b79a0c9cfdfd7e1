import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/app.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'

// API answers larger than one TCP segment are compressed for a client that asks; the live channel's streams never are.
const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN' })
let categories = 0
const addCategory = async () => {
  categories += 1
  const created = await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name: `Category number ${categories}` } })
  if (created.status !== 201) throw new Error(`could not create category ${categories}`)
}

const getCategories = (acceptEncoding?: string) =>
  app.inject({ method: 'GET', url: '/api/categories', headers: { ...admin.auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } })
const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync }

t.test('an answer above 1 KB that fits one TCP segment is sent as it is', async (t) => {
  while ((await getCategories()).rawPayload.length <= 1024) await addCategory()
  const response = await getCategories('br, gzip')
  t.ok(response.rawPayload.length < COMPRESSION_THRESHOLD_BYTES, `the answer is ${response.rawPayload.length} bytes`)
  t.notOk(response.headers['content-encoding'])
})

t.test('a larger JSON answer: br, gzip or as it is, as the client asks, always the same JSON', async (t) => {
  while (categories < 40) await addCategory()
  const plain = await getCategories()
  t.equal(plain.statusCode, 200)
  t.notOk(plain.headers['content-encoding'], 'no Accept-Encoding: not compressed')
  t.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD_BYTES, `the answer is ${plain.rawPayload.length} bytes`)
  t.equal(plain.json().length, 40)
  for (const [asked, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['identity', undefined]] as const) {
    const response = await getCategories(asked)
    t.equal(response.headers['content-encoding'], expected, `Accept-Encoding: ${asked}`)
    // An answer as it is suits every client, so only a compressed one must tell caches it varies.
    if (expected) t.match(String(response.headers.vary), /accept-encoding/i, 'Vary: Accept-Encoding')
    const body = expected ? decoders[expected](response.rawPayload) : response.rawPayload
    t.same(body, plain.rawPayload, `${asked}: decodes to the same bytes`)
    if (expected) t.ok(response.rawPayload.length < plain.rawPayload.length / 3, `${expected}: ${response.rawPayload.length} bytes`)
  }
})

t.test('a small answer is sent as it is', async (t) => {
  const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
  t.equal(health.statusCode, 200)
  t.notOk(health.headers['content-encoding'])
})

t.test('SockJS xhr_streaming is neither compressed nor buffered, whatever the client accepts', async (t) => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const controller = new AbortController()
  const response = await fetch(`http://127.0.0.1:${port}/ws/000/compress1/xhr_streaming`, {
    method: 'POST',
    headers: { 'accept-encoding': 'br, gzip' },
    signal: controller.signal,
  })
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-encoding'), null)
  // The open frame arrives while the response is still open: nothing waits for its end.
  let received = ''
  for await (const chunk of response.body!) {
    received += Buffer.from(chunk).toString()
    if (received.endsWith('o\n')) break
  }
  controller.abort()
  t.match(received, /^h{2048}\no\n$/, 'the prelude, then the open frame')
})
