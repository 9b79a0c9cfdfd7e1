import t from 'tap'
import WebSocket from 'ws'
import { ROOM, TRANSPORTS, USERS, delay, startLiveServer, stompClient } from './live-harness.ts'

const server = await startLiveServer()
t.teardown(() => server.close())

for (const transport of TRANSPORTS) {
  t.test(`${transport}: each user receives their own rendering, and null skips a user`, async (t) => {
    const ada = stompClient(server, transport, USERS.ada.token)
    const ben = stompClient(server, transport, USERS.ben.token)
    t.teardown(() => Promise.all([ada.client.deactivate(), ben.client.deactivate()]))
    const connected = await ada.connected.next()
    await ben.connected.next()
    t.equal(connected.headers.version, '1.2')
    t.equal(connected.headers.server, 'plab-practice/1')
    const adaMessages = ada.subscribe(ROOM)
    const benMessages = ben.subscribe(ROOM)
    await Promise.all([adaMessages.ready, benMessages.ready])
    t.ok(server.hub.isOnline(ROOM, USERS.ada.id) && server.hub.isOnline(ROOM, USERS.ben.id))

    server.hub.publish(ROOM, (userId) => (userId === USERS.ben.id ? null : { type: 'PHASE_CHANGE', for: userId }))
    server.hub.publish(ROOM, (userId) => ({ type: 'SESSION_UPDATE', for: userId, note: 'é ✓ \u0000' }))

    const first = await adaMessages.next()
    t.same(first.body, { type: 'PHASE_CHANGE', for: USERS.ada.id })
    t.equal(first.headers['content-type'], 'application/json')
    t.equal(first.headers.destination, `/topic/session/${ROOM}`)
    t.match(first.headers, { subscription: String, 'message-id': String, 'content-length': String })
    t.same((await adaMessages.next()).body, { type: 'SESSION_UPDATE', for: USERS.ada.id, note: 'é ✓ \u0000' })
    t.same((await benMessages.next()).body, { type: 'SESSION_UPDATE', for: USERS.ben.id, note: 'é ✓ \u0000' }, 'Ben skipped the first message')
    await delay(50)
    t.equal(benMessages.items.length, 1)
  })

  t.test(`${transport}: a bad or missing token gets ERROR 'Authentication required' and a close`, async (t) => {
    for (const token of ['not-a-token', null]) {
      const client = stompClient(server, transport, token)
      const error = await client.errors.next()
      t.equal(error.headers.message, 'Authentication required')
      await client.closes.next()
      t.equal(client.connected.items.length, 0)
    }
  })

  t.test(`${transport}: subscribing to a session the user may not see is refused`, async (t) => {
    const cases = [
      { token: USERS.eve.token, code: ROOM },
      { token: USERS.ada.token, code: 'OTHER-ROOM' },
    ]
    for (const { token, code } of cases) {
      const client = stompClient(server, transport, token)
      await client.connected.next()
      const messages = client.subscribe(code)
      const error = await client.errors.next()
      t.equal(error.headers.message, 'Access denied')
      t.equal(error.headers['receipt-id'], `subscribed-1`, 'the ERROR names the refused frame')
      await client.closes.next()
      server.hub.publish(code, () => ({ secret: true }))
      await delay(30)
      t.equal(messages.items.length, 0, 'nothing delivered')
    }
    t.notOk(server.hub.isOnline(ROOM, USERS.eve.id))
  })

  t.test(`${transport}: hub.close() closes every client`, async (t) => {
    const local = await startLiveServer()
    t.teardown(() => local.close())
    const clients = [stompClient(local, transport, USERS.ada.token), stompClient(local, transport, USERS.ben.token)]
    for (const client of clients) {
      await client.connected.next()
      await client.subscribe(ROOM).ready
    }
    await local.hub.close()
    for (const client of clients) t.ok(await client.closes.next(), 'closed')
    t.notOk(local.hub.isOnline(ROOM, USERS.ada.id), 'presence is cleared')
  })
}

t.test('the plain WebSocket echoes the best STOMP subprotocol offered', async (t) => {
  for (const [offered, expected] of [[['v10.stomp', 'v12.stomp'], 'v12.stomp'], [['v11.stomp'], 'v11.stomp'], [[], '']] as const) {
    const socket = new WebSocket(server.webSocketUrl, [...offered])
    await new Promise((resolve) => socket.once('open', resolve))
    t.equal(socket.protocol, expected, offered.join(',') || 'none offered')
    socket.close()
  }
})

t.test('app.close() shuts the live channel down with the server', async (t) => {
  const local = await startLiveServer()
  const client = stompClient(local, 'websocket', USERS.ada.token)
  await client.connected.next()
  await local.close()
  t.ok(await client.closes.next())
})
