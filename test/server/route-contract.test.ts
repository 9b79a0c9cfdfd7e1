import t from 'tap'
import Fastify from 'fastify'
import * as v from 'valibot'
import { route } from '../../schemas/api/contract.ts'
import { installErrorHandler } from '../../server/error-handler.ts'
import { serve } from '../../server/route-contract.ts'

/** serve() on a bare fastify with the app's error handler: what a contract does to requests and answers. */
async function appWith(answer: unknown) {
  const app = Fastify({ logger: false })
  installErrorHandler(app)
  const contract = route('POST', '/things/:id', {
    params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/, 'The id must be a number'), v.transform(Number)) }),
    body: v.object({ name: v.pipe(v.string('name must be text'), v.minLength(1, 'name is required')) }),
    answer: v.object({ id: v.string(), name: v.string(), count: v.number() }),
  })
  const seen: unknown[] = []
  serve(app, contract, {}, async (request, { params, body }) => {
    seen.push({ id: params.id, raw: request.params.id, body })
    return answer as never
  })
  await app.ready()
  t.teardown(() => app.close())
  return { app, seen }
}

t.test('the answer carries exactly the declared fields', async (t) => {
  const { app } = await appWith({ id: '7', name: 'x', count: 2, secret: 'password hash' })
  const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'x' } })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { id: '7', name: 'x', count: 2 })
})

t.test('an answer of the wrong shape is our bug: a 500 with an error id, no detail', async (t) => {
  const { app } = await appWith({ id: '7', name: 'x', count: 'two' })
  const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'x' } })
  t.equal(response.statusCode, 500)
  t.notOk(response.body.includes('count'), 'the field is named in the log only')
  t.ok(response.json().errorId)
})

t.test('the body is checked before the handler runs', async (t) => {
  const { app, seen } = await appWith({ id: '7', name: 'x', count: 1 })
  const refused = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '' } })
  t.equal(refused.statusCode, 400)
  t.same(refused.json().validationErrors, { name: 'name is required' })
  t.same(seen, [], 'the handler never ran')
  await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'x', extra: true } })
  t.same(seen, [{ id: 7, raw: '7', body: { name: 'x' } }], 'the handler reads the checked body and parameters')
})

t.test('the path parameters are checked first: which object, then what is asked of it', async (t) => {
  const { app, seen } = await appWith({ id: '7', name: 'x', count: 1 })
  const refused = await app.inject({ method: 'POST', url: '/things/seven', payload: { name: '' } })
  t.same([refused.statusCode, refused.json().validationErrors], [400, { id: 'The id must be a number' }])
  t.same(seen, [], 'the handler never ran')
})
