import { PassThrough } from 'node:stream'
import t from 'tap'
import { MAX_SOCKET_MESSAGE_BYTES } from '../../server/live/websocket-transport.ts'
import { Inbox, ROOM, USERS, rawStompClient, startLiveServer } from './live-harness.ts'

// The server's log, one parsed pino line at a time.
const logStream = new PassThrough()
const logLines = new Inbox<{ level: number; msg: string; err?: { stack?: string } }>()
let pending = ''
logStream.on('data', (chunk: Buffer) => {
  pending += chunk.toString()
  const lines = pending.split('\n')
  pending = lines.pop()!
  for (const line of lines) logLines.push(JSON.parse(line))
})
const server = await startLiveServer({}, logStream)
t.teardown(() => server.close())

/** A STOMP 1.0 session (no accept-version): its headers travel unescaped, so a CR or LF cannot be sent back. */
async function legacyClient() {
  const client = await rawStompClient(server.webSocketUrl)
  client.send(`CONNECT\nAuthorization:Bearer ${USERS.ada.token}\n\n\0`)
  t.equal((await client.frames.next()).headers.version, '1.0')
  return client
}

t.test('STOMP 1.0: a destination holding a CR is refused by name, with the CR left out of the header', async (t) => {
  const client = await legacyClient()
  client.send('SUBSCRIBE\nid:0\ndestination:/topic/session/ROOM\r-1\n\n\0')
  const error = await client.frames.next()
  t.equal(error.command, 'ERROR')
  t.equal(error.headers.message, 'Unknown destination /topic/session/ROOM -1')
  t.equal(error.body.toString(), 'Unknown destination /topic/session/ROOM\r-1', 'the body keeps the exact text')
  t.equal((await client.closed).code, 1002)
})

t.test('STOMP 1.0: a subscription id or receipt that could not be echoed is refused when it is asked for', async (t) => {
  for (const [headers, message] of [
    ['id:sub\r0\n', 'The subscription id cannot be sent back: it holds a line break'],
    ['id:0\nreceipt:r\r1\n', 'The receipt cannot be sent back: it holds a line break'],
  ]) {
    const client = await legacyClient()
    client.send(`SUBSCRIBE\n${headers}destination:/topic/session/${ROOM}\n\n\0`)
    const error = await client.frames.next()
    t.same([error.command, error.headers.message, error.headers['receipt-id']], ['ERROR', message, undefined])
    t.equal((await client.closed).code, 1002)
  }
})

t.test('STOMP 1.2 escapes the same text instead', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  await client.connect()
  client.send('SUBSCRIBE\nid:0\ndestination:/topic/session/ROOM\\r-1\nreceipt:r\\r1\n\n\0')
  const error = await client.frames.next()
  t.same([error.headers.message, error.headers['receipt-id']], ['Unknown destination /topic/session/ROOM\r-1', 'r\r1'])
})

t.test('none of it was an internal error', async (t) => {
  t.same(logLines.items, [])
})

t.test('an oversized WebSocket message closes the socket (1009) with a one-line warning, no stack', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  client.send('x'.repeat(MAX_SOCKET_MESSAGE_BYTES + 1))
  t.equal((await client.closed).code, 1009)
  const line = await logLines.next()
  t.same([line.level, line.msg, line.err], [40, 'live socket closed: Max payload size exceeded', undefined])
  t.equal(logLines.items.length, 1, 'one line')
})
