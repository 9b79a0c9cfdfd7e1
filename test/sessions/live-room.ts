import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { stompClient, type ClientTransport, type LiveServer } from '../live/live-harness.ts'
import type { User } from './helpers.ts'

/** A room's live channel as the spec's client hears it, for tests over a listening test app. */

export type Message = { type: string; [field: string]: any }

export async function listen(instance: FastifyInstance): Promise<LiveServer> {
  await instance.listen({ port: 0, host: '127.0.0.1' })
  const { port } = instance.server.address() as AddressInfo
  return { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` } as LiveServer
}

/** The spec's client in the room: connected, subscribed to the session's topic, every message kept. */
export async function inRoom(t: Tap, server: LiveServer, transport: ClientTransport, user: User, code: string) {
  const client = stompClient(server, transport, user.token)
  await client.connected.next(5000)
  const inbox = client.subscribe(code)
  await inbox.ready
  t.teardown(() => client.client.deactivate())
  const seen: Message[] = []
  /**
   * The next messages up to and including one of `type` (that `matches`), presence updates aside: those come
   * whenever someone connects or goes away.
   */
  const until = async (type: string, matches: (message: Message) => boolean = () => true): Promise<Message[]> => {
    const batch: Message[] = []
    for (;;) {
      const message = (await inbox.next(5000)).body as Message
      seen.push(message)
      if (message.type === type && matches(message)) return [...batch, message]
      if (message.type !== 'PARTICIPANT_UPDATE') batch.push(message)
    }
  }
  return { until, seen, client }
}
export type Tap = { teardown(fn: () => unknown): void }
