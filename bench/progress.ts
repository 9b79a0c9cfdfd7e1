/**
 * Progress bench: the server time of GET /api/progress for a candidate with a long history (default 2,000
 * feedback items: 1,000 stations, each scored by a patient and an observer, over a year, some from before
 * domains), on the database DATABASE_URL selects (embedded PGlite when unset). Server time is measured around
 * Fastify's inject: routing, the token check, the SQL and the JSON answer, without a network in between.
 *
 *   npx tsx bench/progress.ts [items=2000] [requests=200]
 */
import { sql } from 'kysely'
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

async function measure(query: string) {
  const times: number[] = []
  for (let i = 0; i < requests + 20; i += 1) {
    const started = performance.now()
    const response = await app.app.inject({ method: 'GET', url: `/api/progress${query}`, headers: candidate.auth })
    const elapsed = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`GET /api/progress${query}: ${response.statusCode} ${response.body}`)
    if (i >= 20) times.push(elapsed) // the first requests warm the JIT, the pool and the database's caches
  }
  times.sort((a, b) => a - b)
  const at = (quantile: number) => Number(times[Math.min(times.length - 1, Math.floor(quantile * times.length))].toFixed(1))
  return { p50: at(0.5), p99: at(0.99) }
}

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
      // A shared machine's other work slows every figure: the 1-minute load average says how busy it was.
      loadAverage: Number(os.loadavg()[0].toFixed(1)),
    }),
  )
} finally {
  await app.close()
}
