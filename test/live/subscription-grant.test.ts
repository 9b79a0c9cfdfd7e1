import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import { ROOM, startLiveServer, stompClient, USERS } from './live-harness.ts'

// Another instance's commit can reach this one after a client subscribed and read the session: the subscription
// was granted at version 7, so the messages of commits up to 7 are already in what that client read, and only
// later ones reach it. A message without a version (a presence update) always goes out.
const server = await startLiveServer({ sessionAccess: async () => ({ sessionCode: ROOM, version: 7 }) })
t.teardown(() => server.close())

t.test('a subscription hears the commits after the version it was granted at, and versionless messages', async (t) => {
  const ada = stompClient(server, 'websocket', USERS.ada.token)
  t.teardown(() => ada.client.deactivate())
  await ada.connected.next()
  const messages = ada.subscribe(ROOM)
  await messages.ready
  server.hub.publish(ROOM, toEveryone({ commit: 6 }), 6)
  server.hub.publish(ROOM, toEveryone({ commit: 7 }), 7)
  server.hub.publish(ROOM, toEveryone({ presence: true }), null)
  server.hub.publish(ROOM, toEveryone({ commit: 8 }), 8)
  t.same((await messages.next()).body, { presence: true })
  t.same((await messages.next()).body, { commit: 8 }, 'the commits it had read were skipped')
})
