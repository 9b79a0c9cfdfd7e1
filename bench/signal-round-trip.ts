/**
 * Call signalling bench: a signal's round trip through the server (participant A SENDs to B, B answers as soon as
 * it hears it, A times until the answer arrives), beside a bare WebSocket round trip to an echo server in this
 * process with a body of the same size. Two real server processes on one PostgreSQL database, so the round trip
 * is measured with both participants on one instance and with one on each (NOTIFY in between).
 * Each account may send SIGNAL_BURST signals at once over all its connections, refilled at SIGNALS_PER_SECOND
 * (issue 30): every pair sends fewer, then waits for its accounts' allowance to refill before the next, so the rate
 * limit is never what is measured.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/signal-round-trip.ts [roundTrips=400]
 */
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import WebSocket, { WebSocketServer } from 'ws'
import { setTimeout as sleep } from 'node:timers/promises'
import { SIGNAL_BURST, SIGNALS_PER_SECOND } from '../schemas/rtc.ts'
import type { ServerProcess } from '../test/helpers/server-process.ts'
import { twoInstances, type Room } from '../test/helpers/two-instances.ts'
import { candidateFor, signalClient } from '../test/live/signal-client.ts'
import { percentile, ratio } from './load/stats.ts'

const roundTrips = Number(process.argv[2] ?? 400)
const PER_PAIR = SIGNAL_BURST - 10
/** How long an account's allowance takes to refill after a pair's signals (with a second to spare). */
const REFILL_MS = (PER_PAIR / SIGNALS_PER_SECOND + 1) * 1000
const webSocketUrl = (server: ServerProcess) => `${server.baseUrl.replace(/^http/, 'ws')}/ws`

async function signalRoundTrips(room: Room, first: ServerProcess, second: ServerProcess): Promise<number[]> {
  const times: number[] = []
  while (times.length < roundTrips) {
    const a = await signalClient(webSocketUrl(first), room.doctor.token, room.code)
    const b = await signalClient(webSocketUrl(second), room.patient.token, room.code)
    for (let n = 0; n < PER_PAIR && times.length < roundTrips; n += 1) {
      const sentAt = performance.now()
      await a.send(candidateFor(room.patient.id, n))
      await b.received.next(10_000)
      await b.send(candidateFor(room.doctor.id, n))
      await a.received.next(10_000)
      times.push(performance.now() - sentAt)
    }
    a.close()
    b.close()
    // The next pair, or the next run, starts with full allowances.
    await sleep(REFILL_MS)
  }
  return times
}

/** The floor: the same body to an echo server and back over a plain WebSocket. */
async function bareRoundTrips(body: string): Promise<number[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
  await new Promise((resolve) => server.once('listening', resolve))
  const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`)
  await new Promise((resolve) => socket.once('open', resolve))
  const times: number[] = []
  for (let n = 0; n < roundTrips; n += 1) {
    const sentAt = performance.now()
    socket.send(body)
    await new Promise((resolve) => socket.once('message', resolve))
    times.push(performance.now() - sentAt)
  }
  socket.close()
  await new Promise((resolve) => server.close(resolve))
  return times
}

/** In ms to the µs: a bare round trip on this machine can take well under 0.1 ms. */
const figures = (times: number[]) => {
  const micros = times.map((ms) => ms * 1000)
  return { p50: Math.round(percentile(micros, 0.5)) / 1000, p99: Math.round(percentile(micros, 0.99)) / 1000 }
}

const cluster = await twoInstances(1)
try {
  const [serverA, serverB] = cluster.servers
  const room = await cluster.readyRoom()
  const same = figures(await signalRoundTrips(room, serverA, serverA))
  const cross = figures(await signalRoundTrips(room, serverA, serverB))
  const bare = figures(await bareRoundTrips(JSON.stringify(candidateFor(room.patient.id, 1))))
  console.log(`signal round trip, ${roundTrips} each: same instance p50 ${same.p50} ms p99 ${same.p99} ms; across instances p50 ${cross.p50} ms p99 ${cross.p99} ms; bare WebSocket p50 ${bare.p50} ms p99 ${bare.p99} ms`)
  console.log(
    JSON.stringify({
      roundTrips,
      sameP50ms: same.p50,
      sameP99ms: same.p99,
      crossP50ms: cross.p50,
      crossP99ms: cross.p99,
      bareP50ms: bare.p50,
      bareP99ms: bare.p99,
      sameToBareP50: ratio(same.p50, bare.p50),
      crossToBareP50: ratio(cross.p50, bare.p50),
    }),
  )
} finally {
  await cluster.close()
}
