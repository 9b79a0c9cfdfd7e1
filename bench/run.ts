/**
 * `make bench`: runs each benchmark in its own process and prints figures plus the ratios worth watching.
 * Figures, not assertions: the suite never fails on speed.
 */
import { execFileSync } from 'node:child_process'

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

function run(script: string, args: string[], env: Record<string, string | undefined> = {}): Record<string, unknown> | null {
  const environment = { ...process.env, ...env }
  if (env.DATABASE_URL === undefined) delete environment.DATABASE_URL
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { env: environment, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    console.log(output.trim())
    const last = output.trim().split('\n').at(-1) ?? ''
    return last.startsWith('{') ? JSON.parse(last) : null
  } catch (error) {
    console.log(`${script} failed: ${error instanceof Error ? error.message : error}`)
    return null
  }
}

const pglite = run('bench/session-flow.ts', ['60', '4'])
const postgres = run('bench/session-flow.ts', ['60', '4'], { DATABASE_URL: postgresUrl })
if (pglite && postgres) {
  const ratio = Number(postgres.commandsPerSecond) / Number(pglite.commandsPerSecond)
  console.log(`session commands: postgres/pglite throughput ratio ${ratio.toFixed(2)}`)
}

// End to end: the real server, real clients, real databases. Sizes from BENCH_E2E_PG / BENCH_E2E_EMBEDDED
// ("sessions,perSecond,seconds") so that a longer run needs no code change.
const size = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',')
const endToEnd = [
  run('bench/end-to-end.ts', size('BENCH_E2E_PG', '1000,200,20'), { DATABASE_URL: postgresUrl }),
  run('bench/end-to-end.ts', size('BENCH_E2E_EMBEDDED', '300,50,20')),
]
for (const figures of endToEnd.filter((figures) => figures !== null)) {
  const { database, sockets, achievedPerSecond, deliveredP50ms, deliveredP99ms, p50ToLoadedFloor, p50ToInProcessFloor, saturationPerSecond, sessionReadToHealth, loadRssMb, eventLoopP99ms } = figures
  console.log(
    `end to end, ${database}, ${sockets} sockets: ${achievedPerSecond} commands/s, command -> all 3 sockets p50 ${deliveredP50ms} ms ` +
      `(x${p50ToLoadedFloor} the loaded floor, target <= 2; x${p50ToInProcessFloor} with the round trip in one process) p99 ${deliveredP99ms} ms; saturation ${saturationPerSecond} commands/s; ` +
      `GET session/health ${sessionReadToHealth} (target >= 0.4); RSS ${loadRssMb} MB; event loop p99 ${eventLoopP99ms} ms`,
  )
  printTailTargets(figures)
}
run('bench/live-fanout.ts', ['300', '100', '50'])
const cluster = run('bench/cross-instance.ts', ['16', '12'], { DATABASE_URL: postgresUrl })
if (cluster) {
  const { sameP50ms, sameP99ms, crossP50ms, crossP99ms, p99Ratio } = cluster
  console.log(
    `live delivery, command -> client: same instance p50 ${sameP50ms} ms p99 ${sameP99ms} ms; ` +
      `cross-instance p50 ${crossP50ms} ms p99 ${crossP99ms} ms; p99 ratio ${p99Ratio} (target <= 2)`,
  )
}
const signals = run('bench/signal-round-trip.ts', ['400'], { DATABASE_URL: postgresUrl })
if (signals) {
  const { sameP50ms, sameP99ms, crossP50ms, crossP99ms, bareP50ms, bareP99ms, sameToBareP50, crossToBareP50 } = signals
  console.log(
    `call signal round trip: same instance p50 ${sameP50ms} ms p99 ${sameP99ms} ms (x${sameToBareP50} a bare WebSocket round trip, p50 ${bareP50ms} ms p99 ${bareP99ms} ms); ` +
      `across instances p50 ${crossP50ms} ms p99 ${crossP99ms} ms (x${crossToBareP50})`,
  )
}
const load = run('bench/session-load.ts', ['1000', '50'], { DATABASE_URL: postgresUrl })
if (load) {
  console.log(`session load: cold load of ${load.events} events on postgres ${load.coldLoadMinMs} ms, median ${load.coldLoadMedianMs} ms (target <= 5), fold ${load.foldEventsPerSecond} events/s (target >= 1000000)`)
}

// The progress page's one request for a candidate with 2,000 feedback items (issue 18: <= 50 ms of server time on PostgreSQL).
for (const env of [{ DATABASE_URL: postgresUrl }, {}]) {
  const progress = run('bench/progress.ts', ['2000', '200'], env)
  if (progress) {
    const { database, items, allP50ms, allP99ms, days90P50ms, days90P99ms, allCpuMsPerRequest, loadAverage } = progress
    console.log(
      `progress, ${database}, ${items} feedback items: GET /api/progress p50 ${allP50ms} ms p99 ${allP99ms} ms (target <= 50 on postgres); ` +
        `?days=90 p50 ${days90P50ms} ms p99 ${days90P99ms} ms; server + database CPU ${allCpuMsPerRequest ?? '-'} ms per request; machine load ${loadAverage}`,
    )
  }
}

/**
 * Issue 38's targets (set for PostgreSQL at 200/s with 3,000 sockets; the embedded run's are printed alike, for
 * comparison): each figure over its target, so x1.00 or less meets it. Printed, never asserted.
 */
function printTailTargets(figures: Record<string, unknown>) {
  const { database, sockets, windows, worstEventLoopMaxMs, worstBystanderLoopMaxMs, worstGcMaxMs, medianDeliveredP99ms, peakLoadRssMb, saturationRssMb } = figures
  const against = (figure: unknown, target: number, unit: string) => `${figure} ${unit} / ${target} ${unit} = x${(Number(figure) / target).toFixed(2)}`
  const windowCount = Array.isArray(windows) ? windows.length : 0
  console.log(
    `tail targets, ${database}, ${sockets} sockets (x1.00 or less meets): event loop delay max ${against(worstEventLoopMaxMs, 10, 'ms')} ` +
      `(x${(Number(worstEventLoopMaxMs) / Number(worstBystanderLoopMaxMs)).toFixed(2)} an idle bystander's ${worstBystanderLoopMaxMs} ms, the machine's floor) and ` +
      `collector pause max ${against(worstGcMaxMs, 10, 'ms')}, each the worst of ${windowCount} windows; ` +
      `command -> all 3 sockets p99 ${against(medianDeliveredP99ms, 10, 'ms')} in the median window; ` +
      `RSS under load ${against(peakLoadRssMb, 200, 'MB')} (peak of the windows); RSS at saturation ${against(saturationRssMb, 300, 'MB')}`,
  )
}
