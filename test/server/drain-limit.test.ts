import websocket from '@fastify/websocket'
import Fastify from 'fastify'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import type { DatabaseHandle } from '../../server/db/connect.ts'
import { shutDown } from '../../server/shutdown.ts'

/** A server with one route that answers after `ms` (never, if negative), and a database that records its close. */
async function slowServer(ms: number) {
  const app = Fastify({ logger: false, forceCloseConnections: false })
  await app.register(websocket)
  app.get('/slow', (_request, reply) => {
    if (ms < 0) return
    setTimeout(() => {
      reply.send({ done: true })
      events.push('answer sent')
    }, ms)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const events: string[] = []
  const database = { close: async () => void events.push('database closed') } as DatabaseHandle
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/slow`
  return { app, database, url, events }
}

/** GET over a keep-alive agent: the body, or 'cut'. */
function get(url: string, agent: http.Agent) {
  return new Promise<string>((resolve) => {
    http
      .get(url, { agent }, (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve(body))
        response.on('error', () => resolve('cut'))
      })
      .on('error', () => resolve('cut'))
  })
}

t.test('a request still running at the drain limit is cut, then the database closes', async (t) => {
  const { app, database, url, events } = await slowServer(-1)
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => agent.destroy())
  const pending = get(url, agent)
  await new Promise((resolve) => app.server.once('request', resolve))
  const started = Date.now()
  await shutDown(app, database, 300)
  t.ok(Date.now() - started >= 300, 'it waited the drain limit')
  t.equal(await pending, 'cut')
  t.same(events, ['database closed'])
})

t.test('requests in flight on kept-alive connections are answered, and the close does not wait for those connections', async (t) => {
  const { app, database, url, events } = await slowServer(200)
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => agent.destroy())
  t.equal(await get(url, agent), '{"done":true}') // leaves an idle kept-alive connection behind
  const pending = get(url, agent)
  await new Promise((resolve) => app.server.once('request', resolve))
  const started = Date.now()
  await shutDown(app, database, 5000)
  t.ok(Date.now() - started < 2000, `closed once the answer was sent (${Date.now() - started} ms), not at the drain limit`)
  t.equal(await pending, '{"done":true}')
  t.same(events, ['answer sent', 'answer sent', 'database closed'], 'the database closed after the last answer')
})
