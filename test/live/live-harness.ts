import { Client, type IFrame } from '@stomp/stompjs'
import Fastify, { type FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import type { Writable } from 'node:stream'
import SockJS from 'sockjs-client'
import WebSocket from 'ws'
import { liveOriginCheck } from '../../server/cors.ts'
import { DatabaseUnavailableError } from '../../server/db/availability.ts'
import { registerLive, type LiveOptions } from '../../server/live/hub.ts'
import type { LiveHub } from '../../server/live/live-hub.ts'
import { StompDecoder, type StompFrame } from '../../server/live/stomp-codec.ts'

/** Ada and Ben are in session ROOM-1; Eve has a valid token but is in no session. */
export const USERS = {
  ada: { id: 1, name: 'Ada', token: 'token-ada' },
  ben: { id: 2, name: 'Ben', token: 'token-ben' },
  eve: { id: 3, name: 'Eve', token: 'token-eve' },
}
export const ROOM = 'ROOM-1'

/** While `on`, every token look-up fails as it does when the database cannot be reached; `lookups` counts them. */
export const databaseOutage = { on: false, lookups: 0 }

/** How often each token has been checked (CONNECT, then every revalidation): what a test waits for, not a time. */
export const tokenChecks = new Map<string, number>()

/** Items that arrive over time, taken in order; next() fails instead of hanging when nothing comes. */
export class Inbox<T> {
  readonly items: T[] = []
  private taken = 0
  private waiter: (() => void) | null = null

  push(item: T) {
    this.items.push(item)
    this.waiter?.()
  }

  async next(timeoutMs = 3000): Promise<T> {
    const deadline = Date.now() + timeoutMs
    while (this.taken >= this.items.length) {
      const remaining = deadline - Date.now()
      if (remaining <= 0) throw new Error(`nothing arrived within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining)
        this.waiter = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.waiter = null
    }
    return this.items[this.taken++]
  }
}

export interface LiveServer {
  app: FastifyInstance
  hub: LiveHub
  sockJsUrl: string
  webSocketUrl: string
  close(): Promise<void>
}

/**
 * A bare Fastify instance with only the live channel, a fake token check, listening on a free port; its log
 * (warnings and worse) goes to `log` when given.
 */
export async function startLiveServer(options: Partial<LiveOptions> = {}, log?: Writable): Promise<LiveServer> {
  const app = Fastify({ logger: log ? { level: 'warn', stream: log } : false })
  const hub = await registerLive(app, {
    authenticate: async (token) => {
      tokenChecks.set(token, (tokenChecks.get(token) ?? 0) + 1)
      if (databaseOutage.on) {
        databaseOutage.lookups += 1
        throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'))
      }
      const user = Object.values(USERS).find((candidate) => candidate.token === token)
      return user ? { userId: user.id, name: user.name } : null
    },
    sessionAccess: async (userId, requestedCode) => (requestedCode.toUpperCase() === ROOM && userId !== USERS.eve.id ? { sessionCode: ROOM, version: 0 } : null),
    signalParties: async (requestedCode) => (requestedCode.toUpperCase() === ROOM ? { sessionCode: ROOM, activeUserIds: [USERS.ada.id, USERS.ben.id] } : null),
    acceptOrigin: liveOriginCheck({ origins: [], production: false }, 'http://localhost:8080'),
    ...options,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return { app, hub, sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws`, close: () => app.close() }
}

/** Where a client reaches the live channel: a test server here, or a real server process. */
export type LiveAddress = Pick<LiveServer, 'sockJsUrl' | 'webSocketUrl'>

/** sockjs-client as browsers use it (WebSocket first), held to one of its xhr fallbacks, or a plain WebSocket. */
export type ClientTransport = 'sockjs' | 'xhr-streaming' | 'xhr-polling' | 'websocket'
export const TRANSPORTS: ClientTransport[] = ['sockjs', 'xhr-streaming', 'xhr-polling', 'websocket']

function clientSocket(server: LiveAddress, transport: ClientTransport) {
  if (transport === 'websocket') return new WebSocket(server.webSocketUrl, ['v12.stomp'])
  return new SockJS(server.sockJsUrl, null, transport === 'sockjs' ? {} : { transports: [transport] })
}

/** The spec's client: @stomp/stompjs over sockjs-client, or over a plain WebSocket offering v12.stomp. */
export function stompClient(server: LiveAddress, transport: ClientTransport, token: string | null, heartbeatMs = 10_000) {
  const connected = new Inbox<IFrame>()
  const errors = new Inbox<IFrame>()
  const closes = new Inbox<{ code: number; reason: string }>()
  let heartbeats = 0
  const client = new Client({
    webSocketFactory: () => clientSocket(server, transport),
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: heartbeatMs,
    heartbeatOutgoing: heartbeatMs,
    reconnectDelay: 0,
    debug: () => {},
    onConnect: (frame) => connected.push(frame),
    onStompError: (frame) => errors.push(frame),
    onWebSocketClose: (event) => closes.push({ code: event.code, reason: event.reason }),
    onHeartbeatReceived: () => (heartbeats += 1),
  })
  client.activate()
  let receipts = 0
  /** Subscribes asking a receipt: `ready` settles once the server has registered the subscription. */
  const subscribe = (sessionCode: string) => {
    const messages = new Inbox<{ body: unknown; headers: Record<string, string>; receivedAt: number }>()
    const receipt = `subscribed-${++receipts}`
    const ready = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()))
    client.subscribe(`/topic/session/${sessionCode}`, (message) => messages.push({ body: JSON.parse(message.body), headers: message.headers, receivedAt: performance.now() }), { receipt })
    return Object.assign(messages, { ready })
  }
  return { client, connected, errors, closes, subscribe, heartbeats: () => heartbeats }
}

/** A hand-driven STOMP client over ws, to send exactly the bytes a test needs and see exactly what comes back. */
export async function rawStompClient(url: string, protocols: string[] = [], options: { autoPong?: boolean } = {}) {
  const socket = new WebSocket(url, protocols, options)
  const decoder = new StompDecoder()
  const frames = new Inbox<StompFrame>()
  let heartbeats = 0
  let pings = 0
  socket.on('ping', () => pings++)
  socket.on('message', (data: Buffer) => {
    if (data.toString() === '\n') heartbeats++
    for (const frame of decoder.push(data).frames) frames.push(frame)
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return {
    socket,
    frames,
    closed,
    heartbeats: () => heartbeats,
    /** WebSocket pings received (answered automatically unless autoPong is false). */
    pings: () => pings,
    send: (wire: string) => socket.send(wire),
    /** CONNECTs as Ada unless told otherwise; answers the server's reply frame. */
    async connect(headers: Record<string, string> = {}) {
      const all = { 'accept-version': '1.2', Authorization: `Bearer ${USERS.ada.token}`, ...headers }
      socket.send(`CONNECT\n${Object.entries(all).map(([name, value]) => `${name}:${value}\n`).join('')}\n\0`)
      return frames.next()
    },
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `condition` holds; fails, naming `what`, when it has not within `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await delay(10)
  }
}
