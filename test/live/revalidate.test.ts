import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import { databaseOutage, delay, ROOM, startLiveServer, stompClient, tokenChecks, TRANSPORTS, USERS } from './live-harness.ts'

// A token that stops being valid (expired, cut by a password or role change, account deleted) ends the live
// connection at the next check, instead of listening for as long as the socket stays up.
const server = await startLiveServer({ revalidateMs: 150 })
t.teardown(() => server.close())

for (const transport of TRANSPORTS) {
  t.test(`${transport}: a token revoked after CONNECT gets an ERROR and the connection closes`, async (t) => {
    const user = { ...USERS.ben, token: `ben-${transport}` }
    Object.assign(USERS, { [`ben-${transport}`]: user })
    const ben = stompClient(server, transport, user.token)
    t.teardown(() => ben.client.deactivate())
    await ben.connected.next()
    await ben.subscribe(ROOM).ready
    delete (USERS as Record<string, unknown>)[`ben-${transport}`]
    const error = await ben.errors.next(3000)
    t.equal(error.headers.message, 'Your session has expired. Please sign in again.')
    await ben.closes.next(3000)
  })
}

t.test('a valid token keeps its connection through the checks', async (t) => {
  const ada = stompClient(server, 'websocket', USERS.ada.token)
  t.teardown(() => ada.client.deactivate())
  await ada.connected.next()
  // A failed check closes the connection, so no check follows it: three more checks mean two were passed.
  const checks = () => tokenChecks.get(USERS.ada.token) ?? 0
  const target = checks() + 3
  const deadline = Date.now() + 3000
  while (checks() < target && Date.now() < deadline) await delay(20)
  t.ok(checks() >= target, 'checked again and again')
  t.equal(ada.errors.items.length, 0)
  t.equal(ada.client.connected, true)
})

t.test('while the database is unreachable, connections keep going through the checks and new ones are told to retry', async (t) => {
  const ada = stompClient(server, 'websocket', USERS.ada.token)
  t.teardown(() => ada.client.deactivate())
  await ada.connected.next()
  const messages = ada.subscribe(ROOM)
  await messages.ready
  databaseOutage.on = true
  t.teardown(() => (databaseOutage.on = false))
  const deadline = Date.now() + 3000
  while (databaseOutage.lookups < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  t.ok(databaseOutage.lookups >= 3, 'the token was checked three times during the outage')

  const ben = stompClient(server, 'websocket', USERS.ben.token)
  t.teardown(() => ben.client.deactivate())
  t.equal((await ben.errors.next()).headers.message, 'The database is unavailable. Please try again in a moment.')
  t.same([ada.errors.items.length, ada.client.connected], [0, true], 'three failed checks later, still connected')
  server.hub.publish(ROOM, toEveryone({ type: 'STILL_HERE' }), null)
  t.same((await messages.next()).body, { type: 'STILL_HERE' })
})
