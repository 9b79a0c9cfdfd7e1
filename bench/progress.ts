/**
 * Progress bench: the server time of GET /api/progress for a candidate with a long history (default 2,000
 * feedback items: 1,000 stations, each scored by a patient and an observer, over a year, some from before
 * domains), on the database DATABASE_URL selects (embedded PGlite when unset). Server time is measured around
 * Fastify's inject: routing, the token check, the SQL and the JSON answer, without a network in between.
 *
 *   npx tsx bench/progress.ts [items=2000] [requests=200]
 */
import { sql } from 'kysely'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { DOMAINS, FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from '../schemas/marking.ts'
import { signedInUser, testApp } from '../test/helpers/app.ts'
import { databaseKind } from '../test/helpers/db.ts'
import { seedFeedback, type FeedbackSeed, type SeededCriterion } from '../test/helpers/feedback-history.ts'

const items = Number(process.argv[2] ?? 2000)
const requests = Number(process.argv[3] ?? 200)
const NOW = Date.UTC(2026, 10, 24, 12)
const TOPICS = ['Cardiology', 'Respiratory', 'Gastroenterology', 'Neurology', 'Paediatrics', 'Obstetrics', 'Psychiatry', 'Ethics', 'Dermatology', 'Endocrinology', 'Renal', 'Emergency']

const app = await testApp({}, { clock: () => NOW })
await app.database.db.insertInto('categories').values(TOPICS.map((name) => ({ name }))).execute()
const candidate = await signedInUser(app, { name: 'Bench Candidate' })

// A deterministic spread of scores: every station differs, and the first tenth came before domains.
const score = (station: number, salt: number) => (station * 7 + salt * 3) % 5
function criteria(station: number, salt: number): SeededCriterion[] {
  const beforeDomains = station < items / 20
  return [
    ...DOMAINS.map((domain, index) => ({ name: `Criterion ${index}`, domain: beforeDomains ? undefined : domain, score: score(station, salt + index) })),
    { name: 'Safety netting', domain: beforeDomains ? undefined : 'CLINICAL_MANAGEMENT', subScores: [score(station, salt + 5), score(station, salt + 6)] },
  ]
}
const seeds: FeedbackSeed[] = []
for (let station = 0; seeds.length < items; station += 1) {
  const at = new Date(NOW - (365 * 86_400_000 * (items / 2 - station)) / (items / 2))
  const common = { toUserId: candidate.id, sessionId: 1000 + Math.floor(station / 4), round: (station % 4) + 1, at, category: TOPICS[station % TOPICS.length] }
  seeds.push({ ...common, fromRole: 'PATIENT', criteria: criteria(station, 1), comment: 'Good rapport' })
  seeds.push({
    ...common,
    fromRole: 'OBSERVER',
    criteria: criteria(station, 2),
    judgement: GLOBAL_JUDGEMENTS[station % GLOBAL_JUDGEMENTS.length],
    areas: [FEEDBACK_AREAS[station % FEEDBACK_AREAS.length], FEEDBACK_AREAS[(station * 3) % FEEDBACK_AREAS.length]],
  })
}
await seedFeedback(app.database.db, seeds.slice(0, items))
// Fresh statistics, as a database that has been running for a while would have.
await sql`analyze`.execute(app.database.db)

/**
 * CPU milliseconds spent so far by this process and by the PostgreSQL backends serving this database (read from
 * /proc: the bench's PostgreSQL runs on the same machine; null when it does not). Wall time on a busy shared
 * machine waits for other work; CPU time per request is what a quiet server would take, one request at a time.
 */
async function cpuSpent(): Promise<{ node: number; database: number | null }> {
  const node = (process.cpuUsage().user + process.cpuUsage().system) / 1000
  if (databaseKind() !== 'postgres') return { node, database: null }
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(app.database.db)
  let ticks = 0
  for (const { pid } of rows) {
    if (!existsSync(`/proc/${pid}/stat`)) return { node, database: null }
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    ticks += Number(fields[11]) + Number(fields[12]) // utime and stime, fields 14 and 15 of the whole line
  }
  return { node, database: (ticks * 1000) / CLOCK_TICKS_PER_SECOND }
}
const CLOCK_TICKS_PER_SECOND = 100

async function measure(query: string) {
  const times: number[] = []
  let before = await cpuSpent()
  for (let i = 0; i < requests + 20; i += 1) {
    if (i === 20) before = await cpuSpent() // the first requests warm the JIT, the pool and the database's caches
    const started = performance.now()
    const response = await app.app.inject({ method: 'GET', url: `/api/progress${query}`, headers: candidate.auth })
    const elapsed = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`GET /api/progress${query}: ${response.statusCode} ${response.body}`)
    if (i >= 20) times.push(elapsed)
  }
  const after = await cpuSpent()
  times.sort((a, b) => a - b)
  const at = (quantile: number) => Number(times[Math.min(times.length - 1, Math.floor(quantile * times.length))].toFixed(1))
  const perRequest = (spent: number) => Number((spent / requests).toFixed(1))
  return {
    p50: at(0.5),
    p99: at(0.99),
    nodeCpuMs: perRequest(after.node - before.node),
    databaseCpuMs: after.database === null || before.database === null ? null : perRequest(after.database - before.database),
  }
}

const cpuTotal = (figures: { nodeCpuMs: number; databaseCpuMs: number | null }) =>
  figures.databaseCpuMs === null ? null : Number((figures.nodeCpuMs + figures.databaseCpuMs).toFixed(1))

try {
  const all = await measure('')
  const ninety = await measure('?days=90')
  const report = (await app.app.inject({ method: 'GET', url: '/api/progress', headers: candidate.auth })).json()
  console.log(
    JSON.stringify({
      bench: 'progress',
      database: databaseKind(),
      items,
      stations: report.headline.stations,
      requests,
      allP50ms: all.p50,
      allP99ms: all.p99,
      days90P50ms: ninety.p50,
      days90P99ms: ninety.p99,
      // Server and database CPU per request (PostgreSQL only): the time a quiet machine would take.
      allCpuMsPerRequest: cpuTotal(all),
      allDatabaseCpuMsPerRequest: all.databaseCpuMs,
      days90CpuMsPerRequest: cpuTotal(ninety),
      // A shared machine's other work slows every figure: the 1-minute load average says how busy it was.
      loadAverage: Number(os.loadavg()[0].toFixed(1)),
    }),
  )
} finally {
  await app.close()
}
