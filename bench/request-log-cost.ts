/**
 * The CPU the server spends per request with request logging at `info` (its default level): GET /api/config
 * (no database) N times over a few keep-alive connections against the real server, in its own process.
 *
 *   npx tsx bench/request-log-cost.ts [requests=20000] [connections=8]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { startMeasuredServer } from './measured-server.ts'

const requests = Number(process.argv[2] ?? 20_000)
const connections = Number(process.argv[3] ?? 8)

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-request-log-'))
const server = await startMeasuredServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' })
try {
  let sent = 0
  server.startMeasuring()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < requests) {
        sent++
        await (await fetch(`${server.baseUrl}/api/config`)).arrayBuffer()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const { cpuSeconds } = await server.measured()
  const logLines = server.output().split('\n').filter((line) => line.includes('"reqId"')).length
  console.log(JSON.stringify({ bench: 'request-log-cost', requests, requestsPerSecond: Math.round(requests / seconds), serverCpuSeconds: cpuSeconds, cpuMicrosecondsPerRequest: Math.round((cpuSeconds / requests) * 1e6), logLines }))
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
