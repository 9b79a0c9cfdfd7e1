import t from 'tap'
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from '../../server/json-body.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { listRoutes } from '../helpers/routes.ts'

// Bad bodies of any depth or size are the client's mistake, answered 4xx with a message, never 500 (issue 30,
// item 11: `[[[[...` thousands deep to new-case answered 500, a stack overflow in the checks that walk a body).

t.test('nesting is counted outside strings only, escapes included', async (t) => {
  t.notOk(nestsDeeperThan('{"a":[1,{"b":"[[[[{{{{"}]}', 3), 'brackets in a string do not count')
  t.notOk(nestsDeeperThan('{"a":"\\"[[[[["}', 1), 'nor after an escaped quote')
  t.ok(nestsDeeperThan('[[[]]]', 2))
  t.notOk(nestsDeeperThan('[[]][[]]', 2), 'siblings are not nested')
})

t.test('every API route that takes a body answers a deeply nested or huge body with a 4xx and a message', async (t) => {
  const app = await testApp()
  t.teardown(() => app.close())
  const admin = await signedInUser(app, { role: 'ADMIN' })
  const created = await call(app.app, { method: 'POST', url: '/api/sessions', headers: admin.auth, body: { title: 'Deep', selectedTopics: ['Random'] } })
  const code: string = created.json.sessionCode
  const depth = 100_000
  const bodies = {
    'deep array': '['.repeat(depth) + ']'.repeat(depth),
    'deep object': '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    'deep in a field': `{"title":"x","selectedTopics":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    '2 MB': JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
  }
  const routes = listRoutes(app.app).filter((route) => route.url.startsWith('/api/'))
  const withBodies = routes.flatMap((route) => route.methods.filter((method) => ['POST', 'PUT', 'PATCH'].includes(method)).map((method) => ({ method, url: route.url })))
  t.ok(withBodies.length > 20, `${withBodies.length} routes take a body`)
  for (const { method, url } of withBodies) {
    const path = url.replace(':code', code).replace(/:\w+/g, '1')
    for (const [name, payload] of Object.entries(bodies)) {
      const answer = await app.app.inject({ method: method as 'POST', url: path, headers: { ...admin.auth, 'content-type': 'application/json' }, payload })
      const error = answer.json().error as string
      if (answer.statusCode < 400 || answer.statusCode >= 500 || !error) t.fail(`${method} ${url}, ${name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`)
      else if (name.startsWith('deep')) t.equal(`${answer.statusCode} ${error}`, `400 ${TOO_DEEP}`, `${method} ${url}, ${name}`)
    }
  }
})

t.test(`a body ${MAX_JSON_DEPTH} levels deep is read; one level more is refused`, async (t) => {
  const app = await testApp()
  t.teardown(() => app.close())
  const user = await signedInUser(app)
  const nested = (levels: number) => `{"title":"x","selectedTopics":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`
  const send = (payload: string) => app.app.inject({ method: 'POST', url: '/api/sessions', headers: { ...user.auth, 'content-type': 'application/json' }, payload })
  const atLimit = await send(nested(MAX_JSON_DEPTH))
  t.equal(atLimit.statusCode, 400)
  t.not(atLimit.json().error, TOO_DEEP, 'read, then refused by the schema for what it says')
  t.same([(await send(nested(MAX_JSON_DEPTH + 1))).statusCode, (await send(nested(MAX_JSON_DEPTH + 1))).json().error], [400, TOO_DEEP])
})
