/**
 * Live fan-out bench: N plain-WebSocket STOMP clients (each its own user) subscribe to one session; the hub
 * publishes K messages rendered per user; prints delivery throughput and publish-to-receive latency.
 *
 *   npx tsx bench/live-fanout.ts [clients=1000] [messages=200] [publishesPerSecond=100; 0 = as fast as possible]
 *
 * The server runs in this process and the clients in a child process, so they do not share one event loop.
 * Not part of the test suite.
 */
import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { registerLive } from '../server/live/hub.ts'
import { StompDecoder } from '../server/live/stomp-codec.ts'

const SESSION = 'BENCH-1'
/** Epoch milliseconds with sub-millisecond precision, comparable across the two processes. */
const clock = () => performance.timeOrigin + performance.now()

interface ClientPlan {
  url: string
  clients: number
  messages: number
}

/** Client side: open the clients in batches (to stay under the listen backlog), then time every MESSAGE. */
async function runClients({ url, clients, messages }: ClientPlan) {
  const latencies: number[] = []
  const report = (message: object) => process.send?.(message)
  let subscribed = 0
  const openClient = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url, ['v12.stomp'])
      const decoder = new StompDecoder()
      socket.once('error', reject)
      socket.once('open', () => {
        socket.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer bench-${index}\n\n\0`)
        resolve()
      })
      socket.on('message', (data: Buffer) => {
        const arrivedAt = clock()
        for (const frame of decoder.push(data).frames) {
          if (frame.command === 'CONNECTED') {
            socket.send(`SUBSCRIBE\nid:0\ndestination:/topic/session/${SESSION}\nreceipt:ready\n\n\0`)
          } else if (frame.command === 'RECEIPT') {
            if (++subscribed === clients) report({ kind: 'ready' })
          } else if (frame.command === 'MESSAGE') {
            latencies.push(arrivedAt - JSON.parse(frame.body.toString()).sentAt)
            if (latencies.length === clients * messages) report({ kind: 'done', latencies, lastAt: arrivedAt })
          } else {
            throw new Error(`unexpected ${frame.command}: ${frame.headers.message}`)
          }
        }
      })
    })
  for (let first = 0; first < clients; first += 200) {
    await Promise.all(Array.from({ length: Math.min(200, clients - first) }, (_, i) => openClient(first + i)))
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function main() {
  const [clients = 1000, messages = 200, rate = 100] = process.argv.slice(2).map(Number)
  const app = Fastify({ logger: false })
  const hub = await registerLive(app, {
    authenticate: async (token) => ({ userId: Number(token.replace('bench-', '')), name: token }),
    sessionAccess: async (_userId, code) => ({ sessionCode: code, version: 0 }),
    signalParties: async () => null,
    // The bench's clients are Node sockets, which send no Origin.
    acceptOrigin: () => true,
    heartbeat: { send: 0, receive: 0 },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`

  const connectStarted = clock()
  const plan: ClientPlan = { url, clients, messages }
  const child = fork(fileURLToPath(import.meta.url), ['--clients', JSON.stringify(plan)], { execArgv: ['--import', 'tsx'] })
  const next = () => new Promise<any>((resolve, reject) => child.once('message', resolve).once('error', reject))
  await next()
  console.log(`${clients} clients connected and subscribed in ${(clock() - connectStarted).toFixed(0)} ms`)

  const done = next()
  const started = clock()
  for (let seq = 0; seq < messages; seq++) {
    hub.publish(SESSION, { audienceOf: (userId) => userId, render: (userId) => ({ type: 'BENCH', seq, userId, sentAt: clock() }) }, null)
    const due = started + ((seq + 1) * 1000) / (rate || Infinity)
    await new Promise((resolve) => (rate > 0 ? setTimeout(resolve, Math.max(0, due - clock())) : setImmediate(resolve)))
  }
  const { latencies, lastAt } = (await done) as { latencies: number[]; lastAt: number }
  latencies.sort((a, b) => a - b)
  const seconds = (lastAt - started) / 1000
  console.log(`${messages} publishes at ${rate || 'max'}/s -> ${latencies.length} MESSAGE frames in ${seconds.toFixed(2)} s`)
  console.log(`throughput ${(latencies.length / seconds).toFixed(0)} frames/s`)
  console.log(`latency p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${latencies[latencies.length - 1].toFixed(2)} ms`)
  child.kill()
  await app.close()
}

if (process.argv[2] === '--clients') await runClients(JSON.parse(process.argv[3]) as ClientPlan)
else await main()
