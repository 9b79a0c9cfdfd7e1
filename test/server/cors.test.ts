import t from 'tap'
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
