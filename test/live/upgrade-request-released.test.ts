import t from 'tap'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { FastifyRequest } from 'fastify'
import { liveOriginCheck } from '../../server/cors.ts'
import { rawStompClient, startLiveServer, stompClient, until, USERS } from './live-harness.ts'

/**
 * An open socket must not keep the request that upgraded it (issue 38): at 3,000 sockets those requests, with
 * their responses, replies and loggers, were 5 MB that every full collection marked again.
 */
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Fastify's request and Node's under it: the stream held the response, and through it Node's request only. */
const upgradeRequests: WeakRef<FastifyRequest | FastifyRequest['raw']>[] = []
const acceptOrigin = liveOriginCheck({ origins: [], production: false }, 'http://localhost:8080')
const server = await startLiveServer({
  acceptOrigin: (request) => {
    if (request.headers.upgrade === 'websocket') upgradeRequests.push(new WeakRef(request), new WeakRef(request.raw))
    return acceptOrigin(request)
  },
})
t.teardown(() => server.close())

/** Collects until every upgrade request is gone, or fails after a few rounds (a kept one stays for good). */
async function upgradeRequestsKept() {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setImmediate(resolve))
    collectGarbage()
  }
  return upgradeRequests.filter((ref) => ref.deref() !== undefined).length
}

t.test('neither a plain WebSocket nor a SockJS one keeps its upgrade request, and both still work', async (t) => {
  const plain = await rawStompClient(server.webSocketUrl, ['v12.stomp'])
  t.equal((await plain.connect()).command, 'CONNECTED')
  const sockJs = stompClient(server, 'sockjs', USERS.ben.token)
  await sockJs.connected.next()
  t.equal(upgradeRequests.length, 4, 'two upgrades seen, each a Fastify and a Node request')

  t.equal(await upgradeRequestsKept(), 0, 'no upgrade request is reachable while the sockets are open')

  plain.send('SUBSCRIBE\nid:0\ndestination:/topic/session/ROOM-1\nreceipt:r1\n\n\0')
  t.equal((await plain.frames.next()).headers['receipt-id'], 'r1', 'the plain socket still answers')
  const messages = sockJs.subscribe('ROOM-1')
  await messages.ready
  server.hub.publish('ROOM-1', { audienceOf: () => 'all', render: () => ({ hello: 'room' }) }, null)
  t.same((await messages.next()).body, { hello: 'room' }, 'the SockJS socket still receives')

  plain.socket.close()
  await sockJs.client.deactivate()
  await until(() => plain.socket.readyState === plain.socket.CLOSED, 'the plain socket to close')
})
