/**
 * The floors a command's latency is compared with, measured in the same run as the load (quiet before it, and
 * again while it runs): a bare insert+commit on the same kind of database (the bench's PostgreSQL database, or an
 * embedded database in a file of its own, since the server's is held by the server), and a bare WebSocket round
 * trip to an echo server in this process. Each sample waits for the last, so the floor adds little load.
 */
import { PGlite } from '@electric-sql/pglite'
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

async function webSocketProbe(): Promise<Probe> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
  await new Promise((resolve) => server.once('listening', resolve))
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}`)
  await new Promise((resolve) => client.once('open', resolve))
  const sample = async () => {
    const startedAt = performance.now()
    await new Promise((resolve) => (client.once('message', resolve), client.send('ping')))
    return performance.now() - startedAt
  }
  return { sample, close: async () => (client.close(), await new Promise<void>((resolve) => server.close(() => resolve()))) }
}

export interface Floors {
  insertCommitMs: number[]
  webSocketMs: number[]
}

/** Samples both floors every `everyMs` until `until` resolves. */
export async function measureFloors(postgresUrl: string | null, until: Promise<unknown>, everyMs = 20): Promise<Floors> {
  const [database, socket] = await Promise.all([insertCommitProbe(postgresUrl), webSocketProbe()])
  const floors: Floors = { insertCommitMs: [], webSocketMs: [] }
  let done = false
  const stop = () => (done = true)
  until.then(stop, stop)
  while (!done) {
    floors.insertCommitMs.push(await database.sample())
    floors.webSocketMs.push(await socket.sample())
    await sleep(everyMs)
  }
  await Promise.all([database.close(), socket.close()])
  return floors
}
