/**
 * A bare WebSocket echo server, timed round trips to one, and sampling a set of probes in turn: shared by the
 * bench's own floors (floors.ts), the echo process (echo-server.ts) and the generators, which load nothing else
 * of them.
 */
import { performance } from 'node:perf_hooks'
import WebSocket, { WebSocketServer } from 'ws'
import { sleep } from './stats.ts'

/** An echo server on a free loopback port: what it sends back is what it got. */
export async function echoServer(): Promise<{ server: WebSocketServer; url: string }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, url: `ws://127.0.0.1:${(server.address() as { port: number }).port}` }
}

export interface Probe {
  /** One timed sample, in ms. */
  sample(): Promise<number>
  close(): Promise<void>
}

/** Round trips to the echo server at `url`; a sample fails if the socket closes before its answer. */
export async function echoProbe(url: string): Promise<Probe> {
  const client = new WebSocket(url)
  await new Promise((resolve, reject) => (client.once('open', resolve), client.once('error', reject)))
  // A socket error is followed by 'close', which fails the sample under way; unheard, it would end the process.
  client.on('error', () => {})
  const sample = () =>
    new Promise<number>((resolve, reject) => {
      const startedAt = performance.now()
      const closed = () => reject(new Error(`the echo server at ${url} closed the connection`))
      client.once('close', closed)
      client.once('message', () => (client.off('close', closed), resolve(performance.now() - startedAt)))
      client.send('ping')
    })
  return { sample, close: async () => client.close() }
}

/** Takes a sample of each probe in turn every `everyMs` until `until` resolves; answers them per probe. */
export async function sampleUntil(probes: Probe[], until: Promise<unknown>, everyMs: number): Promise<number[][]> {
  const samples = probes.map((): number[] => [])
  let done = false
  const stop = () => (done = true)
  until.then(stop, stop)
  try {
    while (!done) {
      for (const [index, probe] of probes.entries()) samples[index].push(await probe.sample())
      await sleep(everyMs)
    }
  } finally {
    await Promise.all(probes.map((probe) => probe.close()))
  }
  return samples
}

/** Samples round trips to the echo server at `url` (echo-server.ts) every `everyMs` until `until` resolves. */
export async function measureEchoFloor(url: string, until: Promise<unknown>, everyMs = 20): Promise<number[]> {
  const [roundTripMs] = await sampleUntil([await echoProbe(url)], until, everyMs)
  return roundTripMs
}
