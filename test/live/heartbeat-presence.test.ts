import t from 'tap'
import { negotiateHeartbeat } from '../../server/live/stomp-heartbeat.ts'
import type { PresenceChange } from '../../server/live/presence.ts'
import { ROOM, TRANSPORTS, USERS, delay, rawStompClient, startLiveServer, stompClient, until } from './live-harness.ts'

t.test('heart-beat negotiation follows the spec: each direction at the larger value, off if either side says 0', async (t) => {
  const server = { send: 10_000, receive: 10_000 }
  t.same(negotiateHeartbeat('4000,4000', server), { sendEvery: 10_000, expectEvery: 10_000 })
  t.same(negotiateHeartbeat('10000,10000', server), { sendEvery: 10_000, expectEvery: 10_000 })
  t.same(negotiateHeartbeat('4000,4000', { send: 1000, receive: 2000 }), { sendEvery: 4000, expectEvery: 4000 })
  t.same(negotiateHeartbeat('0,4000', server), { sendEvery: 10_000, expectEvery: 0 }, 'a client that cannot send is not expected to')
  t.same(negotiateHeartbeat('4000,0', server), { sendEvery: 0, expectEvery: 10_000 }, 'a client that wants none gets none')
  t.same(negotiateHeartbeat('4000,4000', { send: 0, receive: 0 }), { sendEvery: 0, expectEvery: 0 })
  t.same(negotiateHeartbeat(undefined, server), { sendEvery: 0, expectEvery: 0 }, 'no header means 0,0')
  t.equal(negotiateHeartbeat('soon', server), null)
  t.equal(negotiateHeartbeat('1,2,3', server), null)
})

for (const transport of TRANSPORTS) {
  t.test(`${transport}: stompjs asking 4000,4000 and 10000,10000 gets the server's values in CONNECTED`, async (t) => {
    const server = await startLiveServer({ heartbeat: { send: 5000, receive: 6000 } })
    t.teardown(() => server.close())
    for (const asked of [4000, 10_000]) {
      const client = stompClient(server, transport, USERS.ada.token, asked)
      t.equal((await client.connected.next()).headers['heart-beat'], '5000,6000')
      await client.client.deactivate()
    }
  })

  t.test(`${transport}: fast heart-beats both ways keep a quiet stompjs connection open`, async (t) => {
    const server = await startLiveServer({ heartbeat: { send: 100, receive: 100 } })
    t.teardown(() => server.close())
    const client = stompClient(server, transport, USERS.ada.token, 100)
    await client.connected.next()
    // Six server beats span three of the server's 200 ms limits for hearing the client: it kept hearing it.
    await until(() => client.heartbeats() >= 6, 'six heart-beats from the server')
    t.equal(client.closes.items.length, 0, 'neither side gave up on the other')
    t.ok(client.client.connected)
    await client.client.deactivate()
  })
}

t.test('the server sends EOL heart-beats at max(sx, cy) and closes a client silent for twice max(cx, sy)', async (t) => {
  const server = await startLiveServer({ heartbeat: { send: 30, receive: 150 } })
  t.teardown(() => server.close())
  const silent = await rawStompClient(server.webSocketUrl)
  t.equal((await silent.connect({ 'heart-beat': '20,50' })).headers['heart-beat'], '30,150')
  const connectedAt = Date.now()
  const { code } = await silent.closed
  const silentFor = Date.now() - connectedAt
  // Node dates a timer from the start of the event-loop turn, so it may fire a little before 300 ms of wall time.
  t.ok(silentFor >= 250 && silentFor < 3000, `closed after ${silentFor} ms (expected about 2 x 150)`)
  t.equal(code, 1001)
  t.ok(silent.heartbeats() >= 3, `${silent.heartbeats()} heart-beats received at 50 ms`)

  const chatty = await rawStompClient(server.webSocketUrl)
  await chatty.connect({ 'heart-beat': '20,50' })
  const beating = setInterval(() => chatty.send('\n'), 40)
  // Twelve server beats at 50 ms are two of its 300 ms limits: a server that had dropped the client sends none.
  await until(() => chatty.heartbeats() >= 12, 'twelve heart-beats from the server')
  clearInterval(beating)
  t.equal(chatty.socket.readyState, chatty.socket.OPEN, 'a client that beats stays connected')
  chatty.socket.close()
})

t.test('a client without heart-beats is neither sent them nor timed out', async (t) => {
  const server = await startLiveServer({ heartbeat: { send: 20, receive: 20 } })
  t.teardown(() => server.close())
  const client = await rawStompClient(server.webSocketUrl)
  await client.connect({ 'heart-beat': '0,0' })
  // A client that asked for beats is the clock: eight of them (20 ms apart) have gone to it meanwhile.
  const reference = await rawStompClient(server.webSocketUrl)
  await reference.connect({ 'heart-beat': '0,20' })
  await until(() => reference.heartbeats() >= 8, 'eight heart-beats to the client that asked for them')
  reference.socket.close()
  t.equal(client.heartbeats(), 0)
  t.equal(client.socket.readyState, client.socket.OPEN)
  client.socket.close()
})

t.test('by default the server asks no heart-beats, so a client whose timers are throttled is not cut off', async (t) => {
  const server = await startLiveServer({ heartbeat: undefined, pingIntervalMs: 50 })
  t.teardown(() => server.close())
  const quiet = await rawStompClient(server.webSocketUrl)
  t.equal((await quiet.connect({ 'heart-beat': '4000,4000' })).headers['heart-beat'], '10000,0')
  await until(() => quiet.pings() >= 8, 'eight WebSocket pings')
  t.equal(quiet.socket.readyState, quiet.socket.OPEN, 'silent at the STOMP level but answering pings: still connected')
  quiet.socket.close()
})

t.test('a socket that stops answering WebSocket pings is dropped one ping interval after the first it left unanswered', async (t) => {
  const server = await startLiveServer({ pingIntervalMs: 200 })
  t.teardown(() => server.close())
  const gone = await rawStompClient(server.webSocketUrl, [], { autoPong: false })
  // Pings are spread over the interval (periodic-round.ts), so the first may come at once, or just before CONNECT.
  const firstPing = new Promise<number>((resolve) => gone.socket.once('ping', () => resolve(performance.now())))
  await gone.connect({ 'heart-beat': '0,0' })
  await gone.closed
  const droppedAt = performance.now()
  const unansweredFor = droppedAt - (await firstPing)
  // The client hears the ping when the loop it shares with the server gets to it, up to tens of ms late on a busy
  // machine, and the close at once: hence 150, not 200.
  t.ok(unansweredFor >= 150 && unansweredFor < 2000, `dropped ${Math.round(unansweredFor)} ms after the first unanswered ping (expected about 200)`)
})

// The grace period's own rules (no flap on a reload, one tab of two, not a millisecond early) are shown on a
// manual clock in presence-grace.test.ts; this is the hub counting real subscriptions over every transport.
t.test('presence: online on subscribe, over a reload and a second tab; offline once the last one is gone', async (t) => {
  const graceMs = 600
  const server = await startLiveServer({ presenceGraceMs: graceMs })
  t.teardown(() => server.close())
  const changes: PresenceChange[] = []
  const stopListening = server.hub.onPresence((change) => changes.push(change))
  const online = { sessionCode: ROOM, userId: USERS.ada.id, online: true }

  t.notOk(server.hub.isOnline(ROOM, USERS.ada.id))
  const first = stompClient(server, 'sockjs', USERS.ada.token)
  await first.connected.next()
  await first.subscribe(ROOM).ready
  t.ok(server.hub.isOnline(ROOM, USERS.ada.id))
  t.same(changes, [online])

  // A page reload: the socket drops and a new one subscribes well within the grace period.
  await first.client.deactivate()
  t.ok(server.hub.isOnline(ROOM, USERS.ada.id), 'still online during the grace period')
  const second = stompClient(server, 'websocket', USERS.ada.token)
  await second.connected.next()
  await second.subscribe(ROOM).ready

  // A second tab leaving does not take the user offline while the first stays.
  const tab = stompClient(server, 'websocket', USERS.ada.token)
  await tab.connected.next()
  await tab.subscribe(ROOM).ready
  await tab.client.deactivate()

  const leftAt = Date.now()
  await second.client.deactivate()
  while (changes.length < 2 && Date.now() - leftAt < 2000) await delay(5)
  t.ok(Date.now() - leftAt >= graceMs, 'offline was announced only after the grace period')
  t.same(changes, [online, { ...online, online: false }])
  t.notOk(server.hub.isOnline(ROOM, USERS.ada.id))

  stopListening()
  const third = stompClient(server, 'websocket', USERS.ada.token)
  await third.connected.next()
  await third.subscribe(ROOM).ready
  t.equal(changes.length, 2, 'an unsubscribed listener hears nothing more')
  await third.client.deactivate()
})
