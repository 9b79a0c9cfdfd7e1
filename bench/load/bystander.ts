/**
 * A bystander (forked by bench/end-to-end.ts): a process with no work at all but a 1 ms timer, beside the measured
 * server on the same machine. Its event-loop delay is the machine's floor for the server's: what any process's loop
 * suffers from the rest of the machine (the scheduler sharing the cores among the database, the generators and the
 * server, and the virtual machine's own cores), with nothing of its own to do. On 'start' it begins afresh; on
 * 'report' it answers its delay since.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'

export interface BystanderReport {
  p99: number
  max: number
}

const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()
const ms = (ns: number) => Math.round(ns / 1e4) / 100

process.on('message', (message) => {
  if (message === 'start') delay.reset()
  if (message === 'report') process.send!({ p99: ms(delay.percentile(99)), max: ms(delay.max) } satisfies BystanderReport)
})
