/**
 * Loaded into a server process under measurement, compiled (bench/measured-server.ts, NODE_OPTIONS="--import …"):
 * each SIGUSR2 prints, as one JSON line on stderr (a ProbeReport), the event-loop delay and the collector's pauses
 * since the previous one and the heap as it is now, then starts afresh. The pauses are kept apart from the loop's
 * delay so that a stall can be told to be the collector's or the server's own work.
 */
import { constants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

export interface ProbeReport {
  /** Time between two 1 ms timer ticks, so the 1 ms interval is included in each figure. */
  loopDelayMs: { p50: number; p99: number; max: number }
  /** The collector's main-thread pauses, all kinds; `major` are mark-sweep-compacts, `minor` scavenges. */
  gc: { count: number; major: number; minor: number; p99Ms: number; maxMs: number; majorMaxMs: number; totalMs: number }
  /** At the moment of the report, not a peak: the heap the collector works through, and buffers outside it. */
  memoryMb: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number }
}

// Resolution 1 ms, not 10: against a 10 ms target a 10 ms tick would be the whole of the budget.
const loopDelay = monitorEventLoopDelay({ resolution: 1 })
loopDelay.enable()

// Pauses in µs in a histogram (it records integers): a count of fixed size, however many collections a window has.
const gcPausesUs = createHistogram()
let major = 0
let minor = 0
let majorMaxMs = 0
let totalMs = 0
new PerformanceObserver((list) => {
  // Every entry is a 'gc' one, with the kind of collection in `detail` (which the DOM's type has not).
  for (const entry of list.getEntries() as (PerformanceEntry & { detail: { kind: number } })[]) {
    gcPausesUs.record(Math.max(1, Math.round(entry.duration * 1000)))
    totalMs += entry.duration
    const { kind } = entry.detail
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      major += 1
      majorMaxMs = Math.max(majorMaxMs, entry.duration)
    }
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += 1
  }
}).observe({ entryTypes: ['gc'] })

const round = (ms: number) => Math.round(ms * 100) / 100
const mb = (bytes: number) => Math.round(bytes / 2 ** 20)

process.on('SIGUSR2', () => {
  const memory = process.memoryUsage()
  const report: ProbeReport = {
    loopDelayMs: { p50: round(loopDelay.percentile(50) / 1e6), p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
    gc: {
      count: gcPausesUs.count,
      major,
      minor,
      p99Ms: round(gcPausesUs.percentile(99) / 1000),
      maxMs: round(gcPausesUs.max / 1000),
      majorMaxMs: round(majorMaxMs),
      totalMs: round(totalMs),
    },
    memoryMb: { rss: mb(memory.rss), heapTotal: mb(memory.heapTotal), heapUsed: mb(memory.heapUsed), external: mb(memory.external), arrayBuffers: mb(memory.arrayBuffers) },
  }
  // One write of a few hundred bytes: a pipe takes it whole, so the reader never sees half a line.
  process.stderr.write(`${JSON.stringify(report)}\n`)
  loopDelay.reset()
  gcPausesUs.reset()
  major = minor = majorMaxMs = totalMs = 0
})
