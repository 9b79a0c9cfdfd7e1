/**
 * Loaded into the measured server with BENCH_STALL_TRACE set (bench/measured-server.ts): tells each stall of the
 * event loop apart. A 1 ms timer reads the main thread's own scheduler figures (/proc/self/task/<pid>/schedstat:
 * time on a core, time waiting for one); a gap of over 5 ms between two ticks is a stall, and the thread's figures
 * across it say whether it was busy (our work, or the collector's, whose pauses in the gap are summed) or waiting
 * for a core the rest of the machine held. Each SIGUSR2 appends the window's stalls to BENCH_STALL_TRACE (a file).
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { performance, PerformanceObserver } from 'node:perf_hooks'

const STALL_MS = 5
const traceFile = process.env.BENCH_STALL_TRACE!
const schedstat = `/proc/self/task/${process.pid}/schedstat`

function threadTimes(): { ranMs: number; waitedMs: number } {
  const [ran, waited] = readFileSync(schedstat, 'utf8').split(' ').map(Number)
  return { ranMs: ran / 1e6, waitedMs: waited / 1e6 }
}

interface Stall { at: number; gapMs: number; ranMs: number; waitedMs: number; gcMs: number }
let stalls: Stall[] = []
const gcPauses: Array<{ start: number; end: number }> = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ start: entry.startTime, end: entry.startTime + entry.duration })
  if (gcPauses.length > 1000) gcPauses.splice(0, gcPauses.length - 1000)
}).observe({ entryTypes: ['gc'] })

let lastWall = performance.now()
let last = threadTimes()
setInterval(() => {
  const now = performance.now()
  const times = threadTimes()
  if (now - lastWall > STALL_MS) {
    stalls.push({ at: lastWall, gapMs: now - lastWall, ranMs: times.ranMs - last.ranMs, waitedMs: times.waitedMs - last.waitedMs, gcMs: 0 })
  }
  lastWall = now
  last = times
}, 1)

const round = (ms: number) => Math.round(ms * 10) / 10
process.on('SIGUSR2', () => {
  // The collector's entries arrive a little after their pause: matched here, at the window's end.
  for (const stall of stalls) {
    stall.gcMs = gcPauses.filter((p) => p.end > stall.at && p.start < stall.at + stall.gapMs).reduce((sum, p) => sum + Math.min(p.end, stall.at + stall.gapMs) - Math.max(p.start, stall.at), 0)
  }
  const worst = stalls.sort((a, b) => b.gapMs - a.gapMs).slice(0, 15)
  const line = { stalls: stalls.length, worst: worst.map((s) => ({ gapMs: round(s.gapMs), ranMs: round(s.ranMs), waitedMs: round(s.waitedMs), gcMs: round(s.gcMs) })) }
  appendFileSync(traceFile, `${JSON.stringify(line)}\n`)
  stalls = []
})
