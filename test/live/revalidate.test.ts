import t from 'tap'
import { ROOM, startLiveServer, stompClient, TRANSPORTS, USERS } from './live-harness.ts'

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
  await new Promise((resolve) => setTimeout(resolve, 600))
  t.equal(ada.errors.items.length, 0)
  t.equal(ada.client.connected, true)
})
