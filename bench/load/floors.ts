/**
 * The floors a command's latency is compared with, measured in the same run as the load (quiet before it, and
 * again while it runs): a bare insert+commit on the same kind of database (the bench's PostgreSQL database, or an
 * embedded database in a file of its own, since the server's is held by the server), and a bare WebSocket round
 * trip to an echo server in this process. The round trip the ratio takes under load is the generators' own
 * (echo-probe.ts), to an echo server in a process of its own. Each sample waits for the last, so the floor adds
 * little load.
 */
import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { echoProbe, echoServer, sampleUntil, type Probe } from './echo-probe.ts'

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

/** Round trips to an echo server in this process. */
async function webSocketProbe(): Promise<Probe> {
  const { server, url } = await echoServer()
  const probe = await echoProbe(url)
  return { sample: probe.sample, close: async () => (await probe.close(), await new Promise<void>((resolve) => server.close(() => resolve()))) }
}

export interface Floors {
  insertCommitMs: number[]
  webSocketMs: number[]
  /** To the echo server in a process of its own, when one was named. */
  webSocketAcrossMs: number[]
}

/**
 * Samples the floors every `everyMs` until `until` resolves; round trips to the echo server in a process of its
 * own (echo-server.ts) too when `echoUrl` names it.
 */
export async function measureFloors(postgresUrl: string | null, until: Promise<unknown>, echoUrl?: string, everyMs = 20): Promise<Floors> {
  const probes = await Promise.all([insertCommitProbe(postgresUrl), webSocketProbe(), ...(echoUrl ? [echoProbe(echoUrl)] : [])])
  const [insertCommitMs, webSocketMs, webSocketAcrossMs = []] = await sampleUntil(probes, until, everyMs)
  return { insertCommitMs, webSocketMs, webSocketAcrossMs }
}
