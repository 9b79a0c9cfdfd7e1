/**
 * Session load bench: the cold load of a long session (read its whole log, fold it) on the database that
 * DATABASE_URL selects (embedded PGlite when unset), and the rate of the fold alone, in memory. A long session
 * is many rounds of join, case, the three phases and two feedbacks: the shape of a real log, at any length.
 *
 *   npx tsx bench/session-load.ts [events=1000] [loads=50]
 */
import { performance } from 'node:perf_hooks'
import { appendEvents, toNewEvent } from '../server/sessions/store/event-store.ts'
import { SessionLoader } from '../server/sessions/store/session-loader.ts'
import { evolve } from '../schemas/session/index.ts'
import type { SessionEvent, SessionState } from '../schemas/session/types.ts'
import { freshDatabase } from '../test/helpers/db.ts'

const eventCount = Number(process.argv[2] ?? 1000)
const loads = Number(process.argv[3] ?? 50)
const SESSION_ID = 1
const T0 = 1_750_000_000_000

function longLog(length: number): SessionEvent[] {
  const config = { sessionType: 'TOPIC', selectedTopics: ['Random'], recallStartDate: null, recallEndDate: null, readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' } as const
  const events: SessionEvent[] = [
    { type: 'SessionCreated', sessionId: SESSION_ID, code: 'BENC-HLOG', title: 'Bench', hostUserId: 1, hostName: 'Host', config: { ...config, selectedTopics: ['Random'] }, at: T0 },
    { type: 'ParticipantJoined', userId: 1, name: 'Host', role: 'DOCTOR', at: T0 },
  ]
  const criteriaScores = [{ criterionId: 'c1', criterionName: 'Data gathering', score: 3, subScores: [] }]
  for (let round = 1; events.length < length; round += 1) {
    const at = T0 + round * 60_000
    const phase = (phase: 'READING' | 'CONSULTATION' | 'FEEDBACK', durationSeconds: number): SessionEvent =>
      ({ type: 'PhaseStarted', phase, startTimestamp: at, durationSeconds, at })
    const feedback = (fromUserId: number, fromRole: 'PATIENT' | 'OBSERVER'): SessionEvent =>
      ({ type: 'FeedbackSubmitted', fromUserId, fromRole, toUserId: 1, caseId: round, round, comment: 'bench', criteriaScores, overallPerformance: 3, at })
    events.push(
      { type: 'ParticipantJoined', userId: 2, name: 'Patient', role: 'PATIENT', at },
      { type: 'ParticipantJoined', userId: 3, name: 'Observer', role: 'OBSERVER', at },
      { type: 'CaseAssigned', caseId: round, round, at },
      phase('READING', 120),
      phase('CONSULTATION', 480),
      phase('FEEDBACK', 1200),
      feedback(2, 'PATIENT'),
      feedback(3, 'OBSERVER'),
      { type: 'ParticipantLeft', userId: 2, reason: 'LEFT', at },
      { type: 'ParticipantLeft', userId: 3, reason: 'LEFT', at },
    )
  }
  return events.slice(0, length)
}

const log = longLog(eventCount)
const database = await freshDatabase()
await appendEvents(database.db, { sessionId: SESSION_ID, expectedVersion: 0, events: log.map(toNewEvent), actorUserId: null })

// A new loader each time: nothing cached, the whole log read and folded, as after a restart.
const loadMs: number[] = []
for (let i = 0; i < loads + 5; i += 1) {
  const started = performance.now()
  const state = await new SessionLoader(database.db).load(SESSION_ID)
  if (i >= 5) loadMs.push(performance.now() - started) // the first loads warm the JIT and the connection pool
  if (state?.version !== eventCount) throw new Error(`loaded version ${state?.version}, expected ${eventCount}`)
}
loadMs.sort((a, b) => a - b)

// As many whole folds as fit in a second of this process's CPU time (not wall time: on a shared machine other
// processes' turns would count), after a few to warm the JIT.
const cpuSeconds = (since?: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since)
  return (user + system) / 1e6
}
const fold = () => log.reduce<SessionState | null>(evolve, null)
for (let i = 0; i < 5; i += 1) fold()
const foldStarted = process.cpuUsage()
let folds = 0
while (cpuSeconds(foldStarted) < 1) {
  fold()
  folds += 1
}
const foldSeconds = cpuSeconds(foldStarted)
console.log(
  JSON.stringify({
    bench: 'session-load',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    events: eventCount,
    // The fastest load is the cost itself; the median adds whatever else the machine was doing.
    coldLoadMinMs: Number(loadMs[0].toFixed(2)),
    coldLoadMedianMs: Number(loadMs[Math.floor(loadMs.length / 2)].toFixed(2)),
    coldLoadP90Ms: Number(loadMs[Math.floor(loadMs.length * 0.9)].toFixed(2)),
    foldEventsPerSecond: Math.round((folds * eventCount) / foldSeconds),
  }),
)
await database.close()
