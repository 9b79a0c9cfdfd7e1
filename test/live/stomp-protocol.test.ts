import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import { MAX_CONNECTIONS_PER_USER } from '../../server/live/hub.ts'
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../server/live/stomp-connection.ts'
import { ROOM, USERS, delay, rawStompClient, startLiveServer } from './live-harness.ts'

const server = await startLiveServer({ connectTimeoutMs: 200 })
t.teardown(() => server.close())
const connectedClient = async () => {
  const client = await rawStompClient(server.webSocketUrl)
  const reply = await client.connect()
  if (reply.command !== 'CONNECTED') throw new Error(`CONNECT answered ${reply.command}`)
  return client
}

t.test('version negotiation answers the highest version offered', async (t) => {
  for (const [offered, expected] of [['1.0,1.1,1.2', '1.2'], ['1.1,1.0', '1.1'], ['1.0', '1.0']]) {
    const client = await rawStompClient(server.webSocketUrl)
    t.equal((await client.connect({ 'accept-version': offered })).headers.version, expected)
    client.socket.close()
  }
  const legacy = await rawStompClient(server.webSocketUrl)
  legacy.send(`CONNECT\nAuthorization:Bearer ${USERS.ada.token}\n\n\0`)
  t.equal((await legacy.frames.next()).headers.version, '1.0', 'no accept-version means 1.0')
  legacy.socket.close()
})

t.test('no common version: ERROR listing the supported ones, then close', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  const error = await client.connect({ 'accept-version': '2.0' })
  t.equal(error.command, 'ERROR')
  t.equal(error.headers.version, '1.2,1.1,1.0')
  t.equal((await client.closed).code, 1002)
})

t.test('the STOMP command and a lower-case authorization header are accepted', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  client.send(`STOMP\naccept-version:1.2\nhost:x\nauthorization:Bearer ${USERS.ben.token}\n\n\0`)
  t.equal((await client.frames.next()).command, 'CONNECTED')
  client.socket.close()
})

t.test('frames before CONNECT, a second CONNECT, and unknown commands get ERROR and a close', async (t) => {
  const early = await rawStompClient(server.webSocketUrl)
  early.send(`SUBSCRIBE\nid:1\ndestination:/topic/session/${ROOM}\nreceipt:r1\n\n\0`)
  const refused = await early.frames.next()
  t.match(refused.headers, { message: 'Not connected: send CONNECT first', 'receipt-id': 'r1' })
  await early.closed

  const twice = await connectedClient()
  twice.send('CONNECT\naccept-version:1.2\n\n\0')
  t.equal((await twice.frames.next()).headers.message, 'Already connected')
  await twice.closed

  const unknown = await connectedClient()
  unknown.send('FROB\nreceipt:r2\n\n\0')
  const error = await unknown.frames.next()
  t.match(error.headers, { message: 'Unknown command FROB', 'receipt-id': 'r2', 'content-type': 'text/plain' })
  t.equal(error.body.toString(), 'Unknown command FROB')
  await unknown.closed
})

t.test('malformed or oversized frames get ERROR and a close, never a crash', async (t) => {
  const wires = [
    ['SEND\nbad-escape:\\t\n\n\0', 'Undefined escape sequence in header'],
    [`SEND\ncontent-length:${70 * 1024}\n\n`, 'Frame too large'],
    [`SEND\n\n${'x'.repeat(65 * 1024)}\0`, 'Frame too large'],
    [`SEND\n${Array.from({ length: 60 }, (_, i) => `h${i}:v\n`).join('')}\n\0`, 'Too many headers'],
    [`SEND\nlong:${'y'.repeat(10 * 1024)}\n\n\0`, 'Header line too long'],
  ]
  for (const [wire, message] of wires) {
    const client = await connectedClient()
    client.send(wire)
    t.equal((await client.frames.next()).headers.message, message)
    t.equal((await client.closed).code, 1002)
  }
  t.equal((await connectedClient()).socket.readyState, 1, 'the server still accepts connections')
})

t.test('SUBSCRIBE without id or to an unknown destination is refused; reusing an id too', async (t) => {
  const cases = [
    [`SUBSCRIBE\ndestination:/topic/session/${ROOM}\n\n\0`, 'SUBSCRIBE needs id and destination headers'],
    ['SUBSCRIBE\nid:1\ndestination:/queue/anything\n\n\0', 'Unknown destination /queue/anything'],
    ['SUBSCRIBE\nid:1\ndestination:/topic/session/a/b\n\n\0', 'Unknown destination /topic/session/a/b'],
  ]
  for (const [wire, message] of cases) {
    const client = await connectedClient()
    client.send(wire)
    t.equal((await client.frames.next()).headers.message, message)
    await client.closed
  }
  const client = await connectedClient()
  client.send(`SUBSCRIBE\nid:1\ndestination:/topic/session/${ROOM}\n\n\0SUBSCRIBE\nid:1\ndestination:/topic/session/${ROOM}/messages\n\n\0`)
  t.equal((await client.frames.next()).headers.message, 'Subscription id 1 is already in use')
})

t.test('SEND is accepted and ignored; receipts come back for SUBSCRIBE, SEND, UNSUBSCRIBE and DISCONNECT', async (t) => {
  const client = await connectedClient()
  client.send(`SUBSCRIBE\nid:s1\nack:client\ndestination:/topic/session/${ROOM}\nreceipt:a\n\n\0`)
  t.same({ ...(await client.frames.next()).headers }, { 'receipt-id': 'a' })
  client.send('SEND\ndestination:/app/session.message\nreceipt:b\ncontent-length:2\n\n{}\0')
  t.equal((await client.frames.next()).headers['receipt-id'], 'b')

  server.hub.publish(ROOM, toEveryone({ n: 1 }), null)
  const message = await client.frames.next()
  t.equal(message.command, 'MESSAGE')
  t.equal(message.headers.ack, message.headers['message-id'], 'client ack mode gets an ack header')
  t.same(JSON.parse(message.body.toString()), { n: 1 })

  client.send('UNSUBSCRIBE\nid:s1\nreceipt:c\n\n\0')
  t.equal((await client.frames.next()).headers['receipt-id'], 'c')
  server.hub.publish(ROOM, toEveryone({ n: 2 }), null)
  client.send('DISCONNECT\nreceipt:d\n\n\0')
  const last = await client.frames.next()
  t.same([last.command, last.headers['receipt-id']], ['RECEIPT', 'd'], 'nothing delivered after UNSUBSCRIBE')
  t.equal((await client.closed).code, 1000)
})

t.test('only /topic/session/{code} receives publish; /messages subscribers are not sent session events', async (t) => {
  const client = await connectedClient()
  client.send(`SUBSCRIBE\nid:m\ndestination:/topic/session/${ROOM}/messages\nreceipt:m\n\n\0`)
  await client.frames.next()
  server.hub.publish(ROOM, toEveryone({ n: 3 }), null)
  // Frames are answered in order: a MESSAGE the publish had sent would arrive before this receipt.
  client.send('DISCONNECT\nreceipt:d\n\n\0')
  const next = await client.frames.next()
  t.same([next.command, next.headers['receipt-id']], ['RECEIPT', 'd'], 'no MESSAGE for the /messages subscription')
})

t.test('a socket that never sends CONNECT is dropped after the connect timeout', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  t.equal((await client.closed).code, 1002)
})

t.test('the raw SockJS websocket URL /ws/websocket speaks unframed STOMP', async (t) => {
  const client = await rawStompClient(`${server.webSocketUrl}/websocket`)
  t.equal((await client.connect()).command, 'CONNECTED')
  client.socket.close()
})

t.test('one connection holds at most 8 subscriptions; the 9th is refused', async (t) => {
  const client = await connectedClient()
  for (let id = 1; id <= MAX_SUBSCRIPTIONS_PER_CONNECTION; id += 1) {
    client.send(`SUBSCRIBE\nid:${id}\ndestination:/topic/session/${ROOM}\nreceipt:r${id}\n\n\0`)
    t.equal((await client.frames.next()).command, 'RECEIPT')
  }
  client.send(`SUBSCRIBE\nid:extra\ndestination:/topic/session/${ROOM}\n\n\0`)
  t.equal((await client.frames.next()).headers.message, 'Too many subscriptions on one connection')
  await client.closed
})

t.test('one account holds at most 10 live connections; closing one makes room', async (t) => {
  const asBen = async () => {
    const client = await rawStompClient(server.webSocketUrl)
    return { client, reply: await client.connect({ Authorization: `Bearer ${USERS.ben.token}` }) }
  }
  const open = []
  for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i += 1) open.push(await asBen())
  t.same(open.map(({ reply }) => reply.command), Array(MAX_CONNECTIONS_PER_USER).fill('CONNECTED'))
  const refused = await asBen()
  t.same([refused.reply.command, refused.reply.headers.message], ['ERROR', 'Too many live connections for this account: close another tab and try again'])
  t.equal((await connectedClient()).socket.readyState, 1, 'another account is not affected')
  open[0].client.socket.close()
  await open[0].client.closed
  await delay(50)
  t.equal((await asBen()).reply.command, 'CONNECTED')
  for (const { client } of open) client.socket.close()
})
