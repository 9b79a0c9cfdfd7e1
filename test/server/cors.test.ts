import t from 'tap'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { testApp } from '../helpers/app.ts'

const preflight = (app: Awaited<ReturnType<typeof testApp>>, origin: string) =>
  app.app.inject({
    method: 'OPTIONS',
    url: '/api/auth/login',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  })

t.test('development: a page on this machine (the spec client on its dev server) may call the API', async (t) => {
  const app = await testApp()
  t.teardown(() => app.close())
  const answer = await preflight(app, 'http://localhost:5173')
  t.equal(answer.statusCode, 204)
  t.equal(answer.headers['access-control-allow-origin'], 'http://localhost:5173')
  t.match(answer.headers['access-control-allow-headers'], /Authorization/)
  t.match(answer.headers['access-control-allow-methods'], /PUT/)
  const login = await app.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'http://127.0.0.1:3000' }, payload: { email: 'no@example.com', password: 'x' } })
  t.equal(login.headers['access-control-allow-origin'], 'http://127.0.0.1:3000', 'the actual request is allowed too')
  t.notOk((await preflight(app, 'https://evil.example')).headers['access-control-allow-origin'], 'any other site is not')
})

t.test('production: only the origins listed in CORS_ORIGINS', async (t) => {
  const app = await testApp({ production: true, corsOrigins: ['https://practice.example.org'] })
  t.teardown(() => app.close())
  t.equal((await preflight(app, 'https://practice.example.org')).headers['access-control-allow-origin'], 'https://practice.example.org')
  t.notOk((await preflight(app, 'http://localhost:5173')).headers['access-control-allow-origin'])
  t.notOk((await preflight(app, 'https://practice.example.org.evil.example')).headers['access-control-allow-origin'])
})

/** How the live channel answers a page from `origin`: the upgrade's HTTP status, 101 when the socket opened. */
function webSocketStatus(url: string, origin: string) {
  const socket = new WebSocket(url, { origin })
  return new Promise<number>((resolve, reject) => {
    socket.once('upgrade', () => {
      socket.close()
      resolve(101)
    })
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.once('error', reject)
  })
}

t.test('production: the live channel (SockJS and plain WebSocket) follows CORS_ORIGINS too', async (t) => {
  const app = await testApp({ production: true, corsOrigins: ['https://practice.example.org'] })
  t.teardown(() => app.close())
  await app.app.listen({ port: 0, host: '127.0.0.1' })
  const own = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`
  const live = own.replace('http', 'ws')
  for (const path of ['/ws/000/abcdef/websocket', '/ws']) {
    t.equal(await webSocketStatus(`${live}${path}`, 'https://evil.example'), 403, `${path}: another site gets no socket`)
    t.equal(await webSocketStatus(`${live}${path}`, 'http://localhost:5173'), 403, `${path}: nor, in production, a page on this machine`)
    t.equal(await webSocketStatus(`${live}${path}`, 'https://practice.example.org'), 101, `${path}: a listed origin opens one`)
    t.equal(await webSocketStatus(`${live}${path}`, own), 101, `${path}: and so do the server's own pages`)
  }
  const info = (origin: string) => fetch(`${own}/ws/info`, { headers: { origin } })
  t.equal((await info('https://evil.example')).status, 403, 'SockJS /info refuses another site')
  const allowed = await info('https://practice.example.org')
  t.equal(allowed.status, 200)
  t.equal(allowed.headers.get('access-control-allow-origin'), 'https://practice.example.org')
  const xhr = await fetch(`${own}/ws/000/abcdef/xhr`, { method: 'POST', headers: { origin: 'https://evil.example' } })
  t.equal(xhr.status, 403, 'the xhr fallback refuses it too')
})

t.test("production behind a proxy that rewrites Host: pages from PUBLIC_URL's origin still get the live channel", async (t) => {
  const app = await testApp({ production: true, corsOrigins: [], publicUrl: 'https://plab.example.org' })
  t.teardown(() => app.close())
  await app.app.listen({ port: 0, host: '127.0.0.1' })
  const live = `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`
  t.equal(await webSocketStatus(`${live}/ws`, 'https://plab.example.org'), 101, 'the public address opens a socket, whatever Host the proxy sent')
  t.equal(await webSocketStatus(`${live}/ws`, 'https://plab.example.org.evil.example'), 403, 'a look-alike does not')
})
