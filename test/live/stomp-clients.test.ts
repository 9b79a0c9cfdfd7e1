import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import WebSocket from 'ws'
import { ROOM, TRANSPORTS, USERS, startLiveServer, stompClient } from './live-harness.ts'

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

    server.hub.publish(ROOM, { audienceOf: (userId) => (userId === USERS.ben.id ? null : userId), render: (userId) => ({ type: 'PHASE_CHANGE', for: userId }) }, null)
    server.hub.publish(ROOM, { audienceOf: (userId) => userId, render: (userId) => ({ type: 'SESSION_UPDATE', for: userId, note: 'é ✓ \u0000' }) }, null)

    const first = await adaMessages.next()
    t.same(first.body, { type: 'PHASE_CHANGE', for: USERS.ada.id })
    t.equal(first.headers['content-type'], 'application/json')
    t.equal(first.headers.destination, `/topic/session/${ROOM}`)
    t.match(first.headers, { subscription: String, 'message-id': String, 'content-length': String })
    t.same((await adaMessages.next()).body, { type: 'SESSION_UPDATE', for: USERS.ada.id, note: 'é ✓ \u0000' })
    t.same((await benMessages.next()).body, { type: 'SESSION_UPDATE', for: USERS.ben.id, note: 'é ✓ \u0000' }, 'Ben skipped the first message')
    // Messages arrive in order: the next one Ben gets being this one shows nothing else came in between.
    server.hub.publish(ROOM, { audienceOf: (userId) => userId, render: (userId) => ({ type: 'SESSION_UPDATE', for: userId, note: 'last' }) }, null)
    t.same((await benMessages.next()).body, { type: 'SESSION_UPDATE', for: USERS.ben.id, note: 'last' }, 'and each message once')
  })

  t.test(`${transport}: a message is rendered once per audience, however many users and tabs hear it`, async (t) => {
    const clients = [stompClient(server, transport, USERS.ada.token), stompClient(server, transport, USERS.ada.token), stompClient(server, transport, USERS.ben.token)]
    t.teardown(() => Promise.all(clients.map((c) => c.client.deactivate())))
    await Promise.all(clients.map((c) => c.connected.next()))
    const subscriptions = clients.map((c) => c.subscribe(ROOM))
    await Promise.all(subscriptions.map((s) => s.ready))
    const rendered: string[] = []
    server.hub.publish(ROOM, { audienceOf: () => 'room', render: (audience) => (rendered.push(audience), { type: 'PARTICIPANT_UPDATE' }) }, null)
    for (const subscription of subscriptions) t.same((await subscription.next()).body, { type: 'PARTICIPANT_UPDATE' })
    t.same(rendered, ['room'], 'three sockets, one rendering')
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
      // Published before the close is seen: anything delivered would reach the client before the close does.
      server.hub.publish(code, toEveryone({ secret: true }), null)
      await client.closes.next()
      t.equal(messages.items.length, 0, 'nothing delivered')
    }
    t.notOk(server.hub.isOnline(ROOM, USERS.eve.id))
  })

  t.test(`${transport}: app.close() closes every client, telling it to reconnect (1012 service restart)`, async (t) => {
    const local = await startLiveServer()
    t.teardown(() => local.close())
    const clients = [stompClient(local, transport, USERS.ada.token), stompClient(local, transport, USERS.ben.token)]
    for (const client of clients) {
      await client.connected.next()
      await client.subscribe(ROOM).ready
    }
    await local.close()
    for (const client of clients) {
      const close = await client.closes.next()
      // A poller between two polls finds the server refusing its next one: it reconnects as after a network failure.
      if (transport === 'xhr-polling' && close.code === 1006) continue
      t.same(close, { code: 1012, reason: 'Server restarting: please reconnect' })
    }
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

