/**
 * End-to-end load bench: the real server as its own process, N sessions x 3 real STOMP clients (WebSocket and
 * SockJS) held by forked generator processes, commands over HTTP at a target rate in several windows back to back
 * (a run's tail varies from one window to the next), then at saturation. It prints latency from sending a command
 * to its last live message on all three sockets, commands/s, errors, the server's RSS, event-loop delay, collector
 * pauses and time waiting for a core, the floors measured in the same run and the ratios to them. Figures, never a
 * verdict. The figures of a single window (deliveredP50ms, floorLoadedMs, eventLoopMaxMs, loadRssMb, ...) are the
 * median window's, the one with the median p99; `windows` has each, and the worst of them are beside.
 *
 *   [DATABASE_URL=postgres://...] npx tsx bench/end-to-end.ts [sessions=300] [perSecond=50] [seconds=20 per window]
 *   env: BENCH_GENERATORS (one per two cores), BENCH_SATURATION_SECONDS (10), BENCH_SATURATION_LANES (48 per generator),
 *        BENCH_WINDOWS (3), BENCH_WARMUP_SECONDS (sessions / perSecond: one command per room; 0 for none)
 */
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import {
  commandPhase,
  describeWindow,
  errorsOf,
  generatorCores,
  windowFigures,
  type Answer,
  type CommandPhase,
  type OrderAll,
  type PhaseContext,
} from './load/command-phase.ts'
import { measureFloors } from './load/floors.ts'
import { ratio, sleep, summary } from './load/stats.ts'
import { startTarget } from './load/target.ts'

const sessions = Number(process.argv[2] ?? 300)
const perSecond = Number(process.argv[3] ?? 50)
const seconds = Number(process.argv[4] ?? 20)
/**
 * Each generator process is one more process asking the machine's cores for time: on 2 cores a second one raised
 * the p50 by about 0.5 ms while one used at most 0.6 of a core in every phase (its CPU is printed, to show when it
 * becomes the limit).
 */
const generatorCount = Number(process.env.BENCH_GENERATORS ?? Math.max(1, Math.floor(os.availableParallelism() / 2)))
const saturationSeconds = Number(process.env.BENCH_SATURATION_SECONDS ?? 10)
const saturationLanes = Number(process.env.BENCH_SATURATION_LANES ?? 48)
const windowCount = Math.max(1, Number(process.env.BENCH_WINDOWS ?? 3))
/**
 * Every room's first command (its start) would otherwise fall in the first window, with the first run of every
 * path through the server: a warm-up of one command per room, rooms in turn, leaves the windows alike.
 */
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.ceil(sessions / perSecond))
const GET_ROUNDS = 3
const GET_LANES = 16

const postgresUrl = process.env.DATABASE_URL || null
const startedAt = Date.now()
const target = await startTarget({ postgresUrl, sessions, cases: 200 })
const generators: ChildProcess[] = Array.from({ length: generatorCount }, () =>
  fork(fileURLToPath(new URL('./load/generator.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
)
const echo = fork(fileURLToPath(new URL('./load/echo-server.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
// A run that fails half way must not leave a server or generators running on a shared machine.
const bystander = fork(fileURLToPath(new URL('./load/bystander.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
process.once('exit', () => [target.server.child, echo, bystander, ...generators].forEach((child) => child.exitCode === null && child.kill('SIGKILL')))
const echoUrl = await new Promise<string>((resolve, reject) => {
  echo.once('message', ({ url }: { url: string }) => resolve(url))
  echo.once('exit', (code) => reject(new Error(`the echo server exited (${code}) before it listened`)))
})
const quietFloors = await measureFloors(target.postgresUrl, sleep(2000), echoUrl)
const order: OrderAll = (each) =>
  Promise.all(generators.map((generator, index) => new Promise<Answer>((resolve) => (generator.once('message', resolve), generator.send(each(index))))))
const phases: PhaseContext = { target, order, generatorCount, saturationLanes, echoUrl, bystander }

const connectStarted = Date.now()
const connected = await order((index) => ({ type: 'connect', baseUrl: target.server.baseUrl, rooms: target.rooms.filter((_, n) => n % generatorCount === index) }))
const sockets = connected.reduce((sum, { rooms }) => sum + rooms * 3, 0)
const connectSeconds = (Date.now() - connectStarted) / 1000
await sleep(1000)
const idleRssMb = Math.round(target.rssMb())

/** GETs as fast as the lanes go, in alternating 1 s rounds so that the machine's noise falls on both alike. */
const getRates = async () => {
  const rates = { health: { answered: 0, failed: 0, cores: 0 }, sessionRead: { answered: 0, failed: 0, cores: 0 } }
  for (let round = 0; round < GET_ROUNDS; round += 1) {
    for (const [name, url, useRoomToken] of [['health', '/health', false], ['sessionRead', '/sessions/{code}', true]] as const) {
      const answers = await order(() => ({ type: 'get', url, useRoomToken, lanes: GET_LANES, durationMs: 1000 }))
      rates[name].answered += answers.reduce((sum, { answered }) => sum + answered!, 0)
      rates[name].failed += answers.reduce((sum, { failed }) => sum + failed!, 0)
      rates[name].cores = Math.max(rates[name].cores, generatorCores(answers))
    }
  }
  const perSecond = ({ answered, failed, cores }: { answered: number; failed: number; cores: number }) => ({ perSecond: Math.round(answered / GET_ROUNDS), failed, cores })
  return { health: perSecond(rates.health), sessionRead: perSecond(rates.sessionRead) }
}
const { health, sessionRead } = await getRates()

const warmUpOrder = { type: 'commands', perSecond: perSecond / generatorCount, lanes: saturationLanes, durationMs: warmUpSeconds * 1000, inTurn: true } as const
const warmUp = warmUpSeconds > 0 ? await order(() => warmUpOrder) : []
const windows: CommandPhase[] = []
for (let count = 0; count < windowCount; count += 1) windows.push(await commandPhase(phases, perSecond, seconds))
/** With an even count, the upper of the two middle windows: the figures lean to the slower side, not the faster. */
const steady = [...windows].sort((x, y) => x.delivered.p99 - y.delivered.p99)[Math.floor(windowCount / 2)]
const steadyWindows = windows.map(windowFigures)
const worstOf = (figure: (each: (typeof steadyWindows)[number]) => number) => Math.max(...steadyWindows.map(figure))
const saturation = await commandPhase(phases, null, saturationSeconds)
await order(() => ({ type: 'close' }))
echo.disconnect()
bystander.disconnect()
await target.close()

const quiet = {
  insertCommit: summary(quietFloors.insertCommitMs).p50,
  webSocket: summary(quietFloors.webSocketMs).p50,
  webSocketAcross: summary(quietFloors.webSocketAcrossMs).p50,
}
const loadedInsert = summary(steady.floors!.insertCommitMs)
const loadedSocket = summary(steady.floors!.webSocketMs)
const loadedAcross = summary(steady.generatorEchoMs)
const loaded = { insertCommit: loadedInsert.p50, webSocket: loadedSocket.p50, webSocketFromGenerator: loadedAcross.p50 }
// The floors' own tails: a slow commit of the disk's or a late wake-up of the machine's shows here as well.
const loadedTail = {
  insertCommit: loadedInsert.p99,
  webSocketFromGenerator: loadedAcross.p99,
  insertCommitMax: loadedInsert.max,
  webSocketFromGeneratorMax: loadedAcross.max,
}
/**
 * The floor: a bare commit, and a bare round trip crossing the same processes under the same load as a command's
 * messages (from among the generator's clients to a process of its own). The round trip inside the bench's own
 * idle process, which earlier stops used, is kept for comparison.
 */
const loadedFloorMs = Number((loaded.insertCommit + loaded.webSocketFromGenerator).toFixed(2))
const inProcessFloorMs = Number((loaded.insertCommit + loaded.webSocket).toFixed(2))
const figures = {
  bench: 'end-to-end',
  database: postgresUrl ? 'postgres' : 'pglite',
  sessions,
  sockets,
  connectErrors: errorsOf(connected).length,
  connectSeconds,
  targetPerSecond: perSecond,
  achievedPerSecond: steady.commandsPerSecond,
  // Counted over every window: an error in any of them is one too many.
  errors: windows.reduce((sum, { errors }) => sum + errors.length, 0),
  missedTicks: windows.reduce((sum, { missedTicks }) => sum + missedTicks, 0),
  windows: steadyWindows,
  medianWindow: windows.indexOf(steady) + 1,
  warmUpSeconds,
  // A room whose warm-up command failed sits out the windows: its error is this run's as well.
  warmUpErrors: errorsOf(warmUp).length,
  medianDeliveredP99ms: steady.delivered.p99,
  worstEventLoopMaxMs: worstOf(({ eventLoopMaxMs }) => eventLoopMaxMs),
  // The machine's floor beside it: an idle process's worst loop delay in the same windows (load/bystander.ts).
  worstBystanderLoopMaxMs: worstOf(({ bystanderLoopMaxMs }) => bystanderLoopMaxMs),
  worstGcMaxMs: worstOf(({ gcMaxMs }) => gcMaxMs),
  peakLoadRssMb: worstOf(({ peakRssMb }) => peakRssMb),
  deliveredP50ms: steady.delivered.p50,
  deliveredP95ms: steady.delivered.p95,
  deliveredP99ms: steady.delivered.p99,
  deliveredP99BySecondMs: steady.p99BySecond,
  memberP50ms: { doctor: steady.memberP50[0], patientSockJs: steady.memberP50[1], observer: steady.memberP50[2] },
  answeredP50ms: steady.answered.p50,
  answeredP99ms: steady.answered.p99,
  answeredMaxMs: steady.answered.max,
  floorQuietMs: quiet,
  floorLoadedMs: loaded,
  floorLoadedTailMs: loadedTail,
  loadedFloorMs,
  p50ToLoadedFloor: ratio(steady.delivered.p50, loadedFloorMs),
  p99ToLoadedFloor: ratio(steady.delivered.p99, loadedFloorMs),
  p50ToInProcessFloor: ratio(steady.delivered.p50, inProcessFloorMs),
  eventLoopP50ms: steady.eventLoop.p50,
  eventLoopP99ms: steady.eventLoop.p99,
  eventLoopMaxMs: steady.eventLoop.max,
  serverCores: steady.serverCores,
  saturationServerCores: saturation.serverCores,
  idleRssMb,
  loadRssMb: steady.peakRssMb,
  generatorCores: steady.cores,
  generatorLoopP99ms: steady.generatorLoop.p99,
  generatorLoopMaxMs: steady.generatorLoop.max,
  saturationPerSecond: saturation.commandsPerSecond,
  saturationErrors: saturation.errors.length,
  saturationP99ms: saturation.delivered.p99,
  saturationEventLoopP99ms: saturation.eventLoop.p99,
  saturationEventLoopMaxMs: saturation.eventLoop.max,
  saturationGcMaxMs: saturation.gc.maxMs,
  saturationCpuWaitMs: saturation.cpuWaitMs,
  saturationRssMb: saturation.peakRssMb,
  saturationGeneratorCores: saturation.cores,
  healthPerSecond: health.perSecond,
  sessionReadPerSecond: sessionRead.perSecond,
  sessionReadToHealth: ratio(sessionRead.perSecond, health.perSecond),
  getFailures: health.failed + sessionRead.failed,
  getGeneratorCores: Math.max(health.cores, sessionRead.cores),
  totalSeconds: Math.round((Date.now() - startedAt) / 1000),
}
printTable()
for (const error of [...new Set([...errorsOf(connected), ...errorsOf(warmUp), ...windows.flatMap(({ errors }) => errors), ...saturation.errors])].slice(0, 5)) console.log(`  error: ${error}`)
console.log(JSON.stringify(figures))

function printTable() {
  const f = figures
  const rows: [string, string][] = [
    ['database / sockets', `${f.database}, ${f.sessions} sessions x 3 = ${f.sockets} sockets (${f.connectErrors} failed), connected in ${f.connectSeconds} s`],
    [
      'commands',
      `${windowCount} windows of ${seconds} s at ${f.targetPerSecond}/s after a ${warmUpSeconds} s warm-up (${f.warmUpErrors} errors), ${f.errors} errors, ${f.missedTicks} ticks with no idle session; ` +
        `the rows below are window ${f.medianWindow}'s, the median p99, where they do not say otherwise: ${f.achievedPerSecond}/s`,
    ],
    ['command -> all 3 sockets', `p50 ${f.deliveredP50ms} ms, p95 ${f.deliveredP95ms} ms, p99 ${f.deliveredP99ms} ms (HTTP answer p50 ${f.answeredP50ms}, p99 ${f.answeredP99ms}, slowest ${f.answeredMaxMs})`],
    ['p99 by second of the run', `${f.deliveredP99BySecondMs.join(' ')} (a second's slowest where it had under 100 commands)`],
    ['each member (p50)', `doctor ${f.memberP50ms.doctor} ms, patient (SockJS) ${f.memberP50ms.patientSockJs} ms, observer ${f.memberP50ms.observer} ms`],
    ['floor quiet (p50)', `insert+commit ${quiet.insertCommit} ms, WebSocket round trip ${quiet.webSocketAcross} ms between processes (${quiet.webSocket} ms in one)`],
    [
      'floor under load (p50)',
      `insert+commit ${loaded.insertCommit} ms, WebSocket round trip ${loaded.webSocketFromGenerator} ms from a generator to an echo process (${loaded.webSocket} ms in one idle process), sum ${loadedFloorMs} ms`,
    ],
    ['floor under load (p99)', `insert+commit ${loadedTail.insertCommit} ms (slowest ${loadedTail.insertCommitMax}), WebSocket round trip from a generator ${loadedTail.webSocketFromGenerator} ms (slowest ${loadedTail.webSocketFromGeneratorMax})`],
    ['ratio to loaded floor', `p50 x${f.p50ToLoadedFloor} (target <= 2), p99 x${f.p99ToLoadedFloor}; p50 x${f.p50ToInProcessFloor} of the floor with its round trip in one idle process (${inProcessFloorMs} ms)`],
    ['server event loop', `p50 ${f.eventLoopP50ms} ms, p99 ${f.eventLoopP99ms} ms, max ${f.eventLoopMaxMs} ms (1 ms sampling interval included); worst max of the windows ${f.worstEventLoopMaxMs} ms, an idle bystander's ${f.worstBystanderLoopMaxMs} ms`],
    ['collector pauses', `worst max of the windows ${f.worstGcMaxMs} ms (each window's below)`],
    ['server CPU (cores)', `steady ${f.serverCores}, saturation ${f.saturationServerCores}`],
    ['server RSS', `${f.idleRssMb} MB idle at ${f.sockets} sockets, ${f.loadRssMb} MB peak while the commands ran, ${f.peakLoadRssMb} MB the peak of all windows`],
    [
      'saturation',
      `${f.saturationPerSecond} commands/s, ${f.saturationErrors} errors, p99 ${f.saturationP99ms} ms, loop p99 ${f.saturationEventLoopP99ms} ms, max ${f.saturationEventLoopMaxMs} ms, ` +
        `GC max ${f.saturationGcMaxMs} ms, RSS ${f.saturationRssMb} MB, waited ${f.saturationCpuWaitMs} ms for a core`,
    ],
    ['GET rates', `/health ${f.healthPerSecond}/s, /sessions/{code} ${f.sessionReadPerSecond}/s: ratio ${f.sessionReadToHealth} (target >= 0.4), ${f.getFailures} failed`],
    ['generator CPU (cores)', `steady ${f.generatorCores}, saturation ${f.saturationGeneratorCores}, GETs ${f.getGeneratorCores} (of ${generatorCount} processes)`],
    ['generator event loop', `steady p99 ${f.generatorLoopP99ms} ms, max ${f.generatorLoopMaxMs} ms (worst process, 10 ms sampling included)`],
  ]
  for (const [name, value] of rows) console.log(`${name.padEnd(26)} ${value}`)
  for (const [index, each] of f.windows.entries()) console.log(`${`window ${index + 1} of ${windowCount}`.padEnd(26)} ${describeWindow(each)}`)
  for (const { step, count, p50, p99, max } of steady.bySteps) console.log(`  steady, ${step.padEnd(28)} ${count} commands, p50 ${p50} ms, p99 ${p99} ms, slowest ${max} ms`)
}
