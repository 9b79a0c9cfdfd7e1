/**
 * The embedded database under load (issue 15): N sessions whose hosts reconfigure them at a target rate of
 * commands per second over HTTP, against the real server in its own process; meanwhile a visitor asks for
 * GET /api/health on a new connection five times a second. Prints the commands' latency, the health check's
 * answer times (any over 1 s, none answered within 10 s), and the server's event-loop delay.
 *
 *   npx tsx bench/embedded-load.ts [sessions=300] [commandsPerSecond=50] [seconds=20]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../server/app.ts'
import { hashPassword } from '../server/accounts/passwords.ts'
import { insertUser } from '../server/accounts/users-repo.ts'
import { openDatabase } from '../server/cli/open-database.ts'
import { loadConfig } from '../server/config.ts'
import { startMeasuredServer } from './measured-server.ts'

const sessions = Number(process.argv[2] ?? 300)
const rate = Number(process.argv[3] ?? 50)
const seconds = Number(process.argv[4] ?? 20)
const HEALTH_EVERY_MS = 200
const HEALTH_GIVE_UP_MS = 10_000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-embedded-load-'))
const env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', SEED_DEMO: 'false', RATE_LIMITS: 'false' }

const tokens = await hostsWithTokens()
const server = await startMeasuredServer(env)
try {
  const codes = await Promise.all(tokens.map((token, index) => post(token, '/api/sessions', { title: `Load ${index}` }).then((body) => body.sessionCode as string)))
  server.startMeasuring()
  const [commands, health] = await Promise.all([driveCommands(codes), probeHealth()])
  const { loopDelayMs, cpuSeconds } = await server.measured()
  console.log(JSON.stringify({ bench: 'embedded-load', sessions, targetRate: rate, seconds, commands, health, loopDelayMs, serverCpuSeconds: cpuSeconds }))
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

/** The hosts' accounts, written straight into the new database before the server opens it. */
async function hostsWithTokens(): Promise<string[]> {
  const config = loadConfig(env)
  const database = await openDatabase(config)
  const app = await buildApp({ config, database, logger: false })
  const passwordHash = await hashPassword('bench-password')
  const tokens: string[] = []
  for (let index = 0; index < sessions; index++) {
    const user = await insertUser(database.db, { name: `Host ${index}`, email: `host${index}@bench.test`, password_hash: passwordHash, role: 'USER', provider: 'LOCAL' })
    tokens.push(app.issueToken(user!))
  }
  await app.close()
  await database.close()
  return tokens
}

async function post(token: string, url: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

async function driveCommands(codes: string[]) {
  const latencies: number[] = []
  let errors = 0
  const inFlight: Promise<void>[] = []
  const started = performance.now()
  for (let sent = 0; performance.now() - started < seconds * 1000; sent++) {
    const wait = started + (sent * 1000) / rate - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const session = sent % codes.length
    const begun = performance.now()
    inFlight.push(
      post(tokens[session], `/api/sessions/${codes[session]}/configure`, { readingTime: 2 + (sent % 2) }).then(
        () => void latencies.push(performance.now() - begun),
        () => void errors++,
      ),
    )
  }
  await Promise.all(inFlight)
  const elapsed = (performance.now() - started) / 1000
  return { achievedRate: Math.round(latencies.length / elapsed), errors, latencyMs: percentiles(latencies) }
}

async function probeHealth() {
  const answers: number[] = []
  let unanswered = 0
  const started = performance.now()
  while (performance.now() - started < seconds * 1000) {
    const begun = performance.now()
    const ok = await fetch(`${server.baseUrl}/api/health`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(HEALTH_GIVE_UP_MS) })
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) answers.push(performance.now() - begun)
    else unanswered++
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS))
  }
  return { probes: answers.length + unanswered, overOneSecond: answers.filter((ms) => ms > 1000).length, unanswered, answerMs: percentiles(answers) }
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const pick = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN) * 10) / 10
  return { p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), max: pick(1) }
}
