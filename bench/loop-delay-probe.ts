/**
 * Loaded into a server process under measurement, compiled (bench/measured-server.ts, NODE_OPTIONS="--import …"):
 * each SIGUSR2 prints the event-loop delay since the previous one as a JSON line on stderr, then starts afresh.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'

const histogram = monitorEventLoopDelay({ resolution: 10 })
histogram.enable()
process.on('SIGUSR2', () => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100
  process.stderr.write(`${JSON.stringify({ loopDelayMs: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } })}\n`)
  histogram.reset()
})
