import net from 'node:net'
import t, { type Test } from 'tap'
import { toEveryone } from '../../server/live/live-hub.ts'
import { ROOM, rawStompClient, startLiveServer } from './live-harness.ts'

const server = await startLiveServer()
t.teardown(() => server.close())

/** Counts the writes the TCP sockets of this process hand to the system from now on (each is a system call). */
function countSocketWrites(t: Test) {
  const prototype = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>
  const original = { _write: prototype._write, _writev: prototype._writev }
  let writes = 0
  for (const method of ['_write', '_writev'] as const) {
    prototype[method] = function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort !== undefined) writes += 1 // not the test runner's own pipes
      return original[method].apply(this, args)
    }
  }
  const restore = () => Object.assign(prototype, original)
  t.teardown(restore)
  return () => (restore(), writes)
}

t.test("a commit's messages published in one turn leave each socket in one write, and all arrive in order", async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  t.teardown(() => client.socket.close())
  t.equal((await client.connect()).command, 'CONNECTED')
  client.send(`SUBSCRIBE\nid:0\ndestination:/topic/session/${ROOM}\nreceipt:subscribed\n\n\0`)
  t.equal((await client.frames.next()).command, 'RECEIPT')

  const writes = countSocketWrites(t)
  for (const step of [1, 2, 3]) server.hub.publish(ROOM, toEveryone({ step }), null)
  const bodies = [await client.frames.next(), await client.frames.next(), await client.frames.next()].map((frame) => JSON.parse(frame.body.toString()))
  t.same(bodies, [{ step: 1 }, { step: 2 }, { step: 3 }])
  t.equal(writes(), 1, 'three MESSAGE frames, one write')
})

t.test('a message published in a later turn is written then, not held back', async (t) => {
  const client = await rawStompClient(server.webSocketUrl)
  t.teardown(() => client.socket.close())
  await client.connect()
  client.send(`SUBSCRIBE\nid:0\ndestination:/topic/session/${ROOM}\nreceipt:subscribed\n\n\0`)
  await client.frames.next()
  for (const step of [1, 2]) {
    server.hub.publish(ROOM, toEveryone({ step }), null)
    t.same(JSON.parse((await client.frames.next()).body.toString()), { step })
  }
})
