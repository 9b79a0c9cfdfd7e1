import t from 'tap'
import { PeriodicRound } from '../../server/live/periodic-round.ts'
import { until } from './live-harness.ts'

t.test('each job runs once a period, the jobs spread over the period, and a deleted job runs no more', async (t) => {
  const round = new PeriodicRound(60, 3)
  const runs: { job: number; tick: number }[] = []
  let tick = 0
  // Which tick a run belongs to: runs of the same tick happen in one synchronous loop, so they see the same count.
  const ticking = setInterval(() => (tick += 1), 1)
  t.teardown(() => clearInterval(ticking))
  const jobs = Array.from({ length: 6 }, (_, job) => () => void runs.push({ job, tick }))
  for (const job of jobs) round.add(job)
  round.add(jobs[0])

  await until(() => runs.length >= 12, 'two periods of runs')
  const firstPeriod = runs.slice(0, 6)
  t.same(firstPeriod.map(({ job }) => job).sort(), [0, 1, 2, 3, 4, 5], 'every job once in the first period, job 0 once though added twice')
  // Three slots, so three ticks of two; a tick late on a busy machine runs the slot it missed with the next one.
  t.ok(new Set(firstPeriod.map(({ tick }) => tick)).size >= 2, 'the six jobs are not all run at once')

  round.delete(jobs[1])
  const seen = runs.length
  await until(() => runs.slice(seen).filter(({ job }) => job === 0).length >= 3, 'three more runs of job 0')
  t.notOk(runs.slice(seen).some(({ job }) => job === 1), 'job 1 ran no more')
  for (const job of jobs) round.delete(job)
})

t.test('after a stall the round shifts rather than catching up: no job runs again much sooner than a period', async (t) => {
  const periodMs = 100
  const round = new PeriodicRound(periodMs, 10)
  const runsOf = new Map<number, number[]>()
  const jobs = Array.from({ length: 10 }, (_, job) => () => void runsOf.set(job, [...(runsOf.get(job) ?? []), performance.now()]))
  for (const job of jobs) round.add(job)
  t.teardown(() => jobs.forEach((job) => round.delete(job)))
  await until(() => jobs.every((_, job) => (runsOf.get(job)?.length ?? 0) >= 1), 'a first run of every job')
  const stallUntil = performance.now() + 3 * periodMs
  while (performance.now() < stallUntil);
  await until(() => jobs.every((_, job) => (runsOf.get(job)?.length ?? 0) >= 3), 'two more runs of every job', 5000)
  const gaps = [...runsOf.values()].flatMap((runs) => runs.slice(1).map((at, n) => at - runs[n]))
  t.ok(Math.min(...gaps) >= periodMs * 0.8 - 1, `the shortest gap between two runs of one job: ${Math.round(Math.min(...gaps))} ms (at least a period less two slots)`)
})
