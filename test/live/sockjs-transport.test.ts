import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import WebSocket from 'ws'
import { parseSockJsMessage } from '../../server/live/sockjs-transport.ts'
import { Inbox, ROOM, USERS, startLiveServer } from './live-harness.ts'

const server = await startLiveServer({ sockJsHeartbeatMs: 50 })
t.teardown(() => server.close())
const base = server.sockJsUrl

/** A SockJS session driven by hand over ws, seeing the raw SockJS frames (o, h, a[...], c[...]). */
async function sockJsSession(path = '/000/abcdef/websocket') {
  const socket = new WebSocket(`${server.webSocketUrl}${path}`)
  const messages = new Inbox<string>()
  let heartbeats = 0
  socket.on('message', (data: Buffer) => {
    const text = data.toString()
    if (text === 'h') heartbeats++
    else messages.push(text)
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return { socket, messages, closed, heartbeats: () => heartbeats }
}

const connectFrame = `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${USERS.ada.token}\n\n\0`

t.test('GET /ws/info answers what sockjs-client needs, uncached', async (t) => {
  const response = await fetch(`${base}/info`, { headers: { origin: 'http://localhost:5173' } })
  t.equal(response.status, 200)
  const info = await response.json()
  t.match(info, { websocket: true, origins: ['*:*'], cookie_needed: false, entropy: Number })
  t.ok(Number.isInteger(info.entropy))
  t.match(response.headers.get('cache-control'), /no-store, no-cache/)
  t.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:5173')
  t.equal(response.headers.get('access-control-allow-credentials'), 'true')
  const second = await (await fetch(`${base}/info`)).json()
  t.not(second.entropy, info.entropy, 'fresh entropy each time')
})

t.test('OPTIONS /ws/info allows the cross-origin GET', async (t) => {
  const response = await fetch(`${base}/info`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } })
  t.equal(response.status, 204)
  t.match(response.headers.get('access-control-allow-methods'), /GET/)
})

t.test('the eventsource, htmlfile and iframe transports answer 404, and so does a plain GET of a websocket URL', async (t) => {
  for (const [method, path] of [['GET', '/000/abc/eventsource'], ['GET', '/000/abc/htmlfile?c=x'], ['GET', '/iframe.html'], ['GET', '/000/abc/websocket'], ['GET', '']]) {
    t.equal((await fetch(`${base}${path}`, { method })).status, 404, `${method} /ws${path}`)
  }
})

t.test('server and session ids with a dot are refused before the upgrade', async (t) => {
  const socket = new WebSocket(`${server.webSocketUrl}/000/a.b/websocket`)
  const status = await new Promise<number>((resolve) => socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)))
  t.equal(status, 400)
})

t.test('SockJS framing: o first, STOMP frames inside a[...], h heart-beats, c[...] before the close', async (t) => {
  const session = await sockJsSession()
  t.equal(await session.messages.next(), 'o')
  session.socket.send(JSON.stringify([connectFrame]))
  const connected = await session.messages.next()
  t.match(connected, /^a\["CONNECTED\\n/)
  t.match(JSON.parse(connected.slice(1))[0], /\nversion:1\.2\n/)

  session.socket.send(JSON.stringify(`SUBSCRIBE\nid:0\ndestination:/topic/session/${ROOM}\nreceipt:r\n\n\0`))
  t.match(await session.messages.next(), /^a\["RECEIPT\\nreceipt-id:r\\n/, 'a single JSON string is accepted as one message')
  server.hub.publish(ROOM, toEveryone({ text: 'line\nbreak "quoted"' }), null)
  const [message] = JSON.parse((await session.messages.next()).slice(1))
  t.same(JSON.parse(message.slice(message.indexOf('\n\n') + 2, -1)), { text: 'line\nbreak "quoted"' })

  await new Promise((resolve) => setTimeout(resolve, 120))
  t.ok(session.heartbeats() >= 1, 'h frames arrive')
  session.socket.send(JSON.stringify(['DISCONNECT\nreceipt:bye\n\n\0']))
  t.match(await session.messages.next(), /^a\["RECEIPT\\nreceipt-id:bye/)
  t.equal(await session.messages.next(), 'c[1000,"Disconnected"]')
  t.equal(await session.closed, 1000)
})

t.test('a STOMP frame split across SockJS messages, and several in one, are decoded', async (t) => {
  const session = await sockJsSession()
  await session.messages.next()
  session.socket.send(JSON.stringify([connectFrame.slice(0, 10)]))
  session.socket.send(JSON.stringify([connectFrame.slice(10), 'SUBSCRIBE\nid:0\ndestination:/topic/session/', `${ROOM}\nreceipt:r\n\n\0`]))
  t.match(await session.messages.next(), /^a\["CONNECTED/)
  t.match(await session.messages.next(), /^a\["RECEIPT/)
  session.socket.close()
})

t.test('malformed SockJS messages close the session', async (t) => {
  for (const bad of ['not json', '{"a":1}', '[1,2]']) {
    const session = await sockJsSession()
    await session.messages.next()
    session.socket.send(bad)
    t.equal(await session.messages.next(), 'c[1002,"Malformed message"]', bad)
    await session.closed
  }
})

t.test('parseSockJsMessage reads arrays of strings or one string, and refuses anything else', async (t) => {
  t.same(parseSockJsMessage(Buffer.from('["a","b"]'))?.map(String), ['a', 'b'])
  t.same(parseSockJsMessage(Buffer.from('"a"'))?.map(String), ['a'])
  t.same(parseSockJsMessage(Buffer.alloc(0)), [])
  for (const bad of ['[', 'null', '[null]', '{}', '3']) t.equal(parseSockJsMessage(Buffer.from(bad)), null, bad)
})
