/**
 * The floors a command's latency is compared with, measured in the same run as the load (quiet before it, and
 * again while it runs): a bare insert+commit on the same kind of database (the bench's PostgreSQL database, or an
 * embedded database in a file of its own, since the server's is held by the server), and a bare WebSocket round
 * trip, to an echo server in this process and, from the generators, to one in a process of its own
 * (echo-server.ts). Each sample waits for the last, so the floor adds little load.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import WebSocket, { WebSocketServer } from 'ws'
import { sleep } from './stats.ts'

interface Probe {
  /** One timed sample, in ms. */
  sample(): Promise<number>
  close(): Promise<void>
}

async function insertCommitProbe(postgresUrl: string | null): Promise<Probe> {
  const create = 'create table if not exists bench_floor (id bigserial primary key, at timestamptz not null default now())'
  const insert = 'insert into bench_floor default values'
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    await client.query(create)
    const sample = async () => {
      const startedAt = performance.now()
      await client.query(insert)
      return performance.now() - startedAt
    }
    return { sample, close: () => client.end() }
  }
  // Loaded only here: the generators use this module's echo probe, and need no embedded database.
  const { PGlite } = await import('@electric-sql/pglite')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plab-floor-'))
  const pglite = await PGlite.create(dir)
  await pglite.query(create)
  const sample = async () => {
    const startedAt = performance.now()
    await pglite.query(insert)
    return performance.now() - startedAt
  }
  return { sample, close: async () => (await pglite.close(), rmSync(dir, { recursive: true, force: true })) }
}

/** Round trips to the echo server at `url`. */
async function echoProbe(url: string): Promise<Probe> {
  const client = new WebSocket(url)
  await new Promise((resolve, reject) => (client.once('open', resolve), client.once('error', reject)))
  const sample = async () => {
    const startedAt = performance.now()
    await new Promise((resolve) => (client.once('message', resolve), client.send('ping')))
    return performance.now() - startedAt
  }
  return { sample, close: async () => client.close() }
}

/** Round trips to an echo server in this process. */
async function webSocketProbe(): Promise<Probe> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
  await new Promise((resolve) => server.once('listening', resolve))
  const probe = await echoProbe(`ws://127.0.0.1:${(server.address() as { port: number }).port}`)
  return { sample: probe.sample, close: async () => (await probe.close(), await new Promise<void>((resolve) => server.close(() => resolve()))) }
}

export interface Floors {
  insertCommitMs: number[]
  webSocketMs: number[]
  /** To the echo server in a process of its own. */
  webSocketAcrossMs: number[]
}

/** Takes a sample of each probe in turn every `everyMs` until `until` resolves; answers them per probe. */
async function sampleUntil(probes: Probe[], until: Promise<unknown>, everyMs: number): Promise<number[][]> {
  const samples = probes.map((): number[] => [])
  let done = false
  const stop = () => (done = true)
  until.then(stop, stop)
  while (!done) {
    for (const [index, probe] of probes.entries()) samples[index].push(await probe.sample())
    await sleep(everyMs)
  }
  await Promise.all(probes.map((probe) => probe.close()))
  return samples
}

/** Samples the floors every `everyMs` until `until` resolves; `echoUrl` is the echo server's (echo-server.ts). */
export async function measureFloors(postgresUrl: string | null, echoUrl: string, until: Promise<unknown>, everyMs = 20): Promise<Floors> {
  const probes = await Promise.all([insertCommitProbe(postgresUrl), webSocketProbe(), echoProbe(echoUrl)])
  const [insertCommitMs, webSocketMs, webSocketAcrossMs] = await sampleUntil(probes, until, everyMs)
  return { insertCommitMs, webSocketMs, webSocketAcrossMs }
}

/** Samples round trips to the echo server at `url` (echo-server.ts) every `everyMs` until `until` resolves. */
export async function measureEchoFloor(url: string, until: Promise<unknown>, everyMs = 20): Promise<number[]> {
  const [roundTripMs] = await sampleUntil([await echoProbe(url)], until, everyMs)
  return roundTripMs
}
