import t, { type Test } from 'tap'
import { UNSTORABLE_TEXT } from '../../server/storable-text.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { listRoutes } from '../helpers/routes.ts'

// Text PostgreSQL refuses (NUL in text; NUL or a lone surrogate in jsonb) must be a 400 naming the field on
// every API route, before any of them reads it: never a 500 from deep in a query.
const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN' })

const apiRoutes = listRoutes(app)
  .filter(({ url }) => url.startsWith('/api/'))
  .flatMap(({ url, methods }) => methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({ method, url })))
const withBody = new Set(['POST', 'PUT', 'DELETE'])
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1])
const plain = (url: string) => url.replace(/:\w+/g, '123456')

const refusedNaming = (t: Test, response: Awaited<ReturnType<typeof call>>, field: string, what: string) => {
  t.equal(response.status, 400, `${what}: 400`)
  t.equal(response.json?.error, `${field} ${UNSTORABLE_TEXT}`, `${what}: the message names ${field}`)
  t.same(Object.keys(response.json?.validationErrors ?? {}), [field], `${what}: validationErrors.${field}`)
}

t.test('the sweep found the API', async (t) => {
  t.ok(apiRoutes.length >= 40, `${apiRoutes.length} routes`)
  t.ok(apiRoutes.some(({ method, url }) => method === 'GET' && url === '/api/admin/users'))
})

t.test('a NUL in any query string is refused, naming the field', async (t) => {
  for (const { method, url } of apiRoutes) {
    const response = await call(app, { method: method as 'GET', url: `${plain(url)}?probe=a%00b`, headers: admin.auth })
    refusedNaming(t, response, 'probe', `${method} ${url}`)
  }
})

t.test('a NUL in any path parameter is refused, naming it', async (t) => {
  for (const { method, url } of apiRoutes) {
    for (const param of paramsOf(url)) {
      const response = await call(app, { method: method as 'GET', url: plain(url.replace(`:${param}`, 'a%00b')), headers: admin.auth })
      refusedNaming(t, response, param, `${method} ${url} (${param})`)
    }
  }
})

t.test('a NUL or an unpaired surrogate anywhere in any JSON body is refused, naming the field', async (t) => {
  for (const { method, url } of apiRoutes.filter(({ method }) => withBody.has(method))) {
    const nul = await call(app, { method: method as 'POST', url: plain(url), headers: admin.auth, body: { name: 'ok', probe: ['ok', { deep: 'x\u0000' }] } })
    refusedNaming(t, nul, 'probe.1.deep', `${method} ${url} (NUL)`)
    const surrogate = await call(app, { method: method as 'POST', url: plain(url), headers: admin.auth, body: { comment: 'half an emoji \ud83d' } })
    refusedNaming(t, surrogate, 'comment', `${method} ${url} (lone surrogate)`)
  }
})

t.test('the inputs that used to reach the database as a 500', async (t) => {
  refusedNaming(t, await call(app, { method: 'GET', url: '/api/admin/users?search=%00', headers: admin.auth }), 'search', 'admin search')
  refusedNaming(t, await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name: 'Cardio\u0000' } }), 'name', 'a category name')
  refusedNaming(t, await call(app, { method: 'PUT', url: '/api/auth/profile', headers: admin.auth, body: { name: '\udc00 Ada' } }), 'name', 'a profile name')
  const key = await call(app, { method: 'GET', url: '/api/admin/users?a%00=1', headers: admin.auth })
  refusedNaming(t, key, 'query', 'a NUL in a query key')
})

t.test('ordinary text still passes: emoji (a surrogate pair), accents, control characters PostgreSQL stores', async (t) => {
  const search = await call(app, { method: 'GET', url: `/api/admin/users?search=${encodeURIComponent('é😀\u0001')}`, headers: admin.auth })
  t.equal(search.status, 200)
  const created = await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name: 'Cardiology 🫀' } })
  t.equal(created.status, 201)
  t.equal(created.json.name, 'Cardiology 🫀')
})
