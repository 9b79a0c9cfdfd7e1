/**
 * Session command bench: whole feedback rounds through the REST API (inject, no sockets), on the database that
 * DATABASE_URL selects (embedded PGlite when unset). Each round prepares a room (three new accounts, create,
 * configure, two joins: not timed, account creation is dominated by password hashing), then times 5 commands:
 * start, skip reading, end consultation and two feedbacks. Prints commands per second and latency percentiles.
 *
 *   npx tsx bench/session-flow.ts [rounds=60] [parallel=4]
 */
import { performance } from 'node:perf_hooks'
import { testApp } from '../test/helpers/app.ts'
import { as, readyRoom, scores, seedBank } from '../test/sessions/helpers.ts'

const rounds = Number(process.argv[2] ?? 60)
const parallel = Number(process.argv[3] ?? 4)

const ctx = await testApp()
await seedBank(ctx.database.db, { Cardiology: rounds + 5 })
const latencies: number[] = []

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await work()
  const elapsed = performance.now() - started
  latencies.push(elapsed)
  timedSeconds += elapsed / 1000 / parallel
  return result
}

async function oneRound() {
  const room = await readyRoom(ctx)
  const doctor = as(ctx, room.doctor)
  await timed(() => doctor.post(`/sessions/${room.code}/start`))
  // Each skip names the phase it ends, as the room does: a bare skip within a second of the phase's start is
  // taken for a double click and refused.
  await timed(() => doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' }))
  await timed(() => doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' }))
  for (const giver of [room.patient, room.observer]) {
    const answer = await timed(() =>
      as(ctx, giver).post('/feedback/submit', { sessionCode: room.code, comment: 'bench', criteriaScores: scores(), requestNewCase: false }),
    )
    if (answer.status !== 200) throw new Error(`feedback refused: ${JSON.stringify(answer.json)}`)
  }
}

let timedSeconds = 0
let next = 0
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (next < rounds) {
      next += 1
      await oneRound()
    }
  }),
)
latencies.sort((a, b) => a - b)
const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2)
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite'
console.log(
  JSON.stringify({
    bench: 'session-flow',
    database,
    rounds,
    parallel,
    commands: latencies.length,
    commandsPerSecond: Math.round(latencies.length / timedSeconds),
    p50ms: Number(pick(0.5)),
    p99ms: Number(pick(0.99)),
  }),
)
await ctx.close()
