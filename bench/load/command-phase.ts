/**
 * One phase of commands of the end-to-end bench (bench/end-to-end.ts): the generators run commands at a rate (a
 * steady window) or as fast as their lanes go (saturation) while the server is watched from inside (its event
 * loop, the collector's pauses, its heap, its CPU and the time it waited for a core) and from outside (its RSS),
 * and the floors are measured beside the load. Also a window's figures and its one-line description.
 */
import type { ChildProcess } from 'node:child_process'
import type { BystanderReport } from './bystander.ts'
import { measureFloors } from './floors.ts'
import type { Order } from './generator.ts'
import type { StepTiming } from './room-clients.ts'
import { ratio, sleep, summary } from './stats.ts'
import type { Target } from './target.ts'

/** What a generator answers to an order (generator.ts); which fields are there depends on the order. */
export interface Answer {
  rooms: number
  errors: string[]
  cpuMs: number
  wallMs: number
  loopDelayMs: { p99: number; max: number }
  timings?: StepTiming[]
  missedTicks?: number
  echoFloorMs?: number[]
  answered?: number
  failed?: number
}

/** Gives every generator its order (`each` may tailor it) and gathers their answers. */
export type OrderAll = (each: (index: number) => Order) => Promise<Answer[]>

export interface PhaseContext {
  target: Target
  order: OrderAll
  generatorCount: number
  /** Concurrent commands per generator at saturation. */
  saturationLanes: number
  /** The echo process the generators time their round trips to while the commands run. */
  echoUrl: string
  /** The idle process whose loop delay is the machine's floor for the server's (bystander.ts). */
  bystander: ChildProcess
}

function bystanderReport(bystander: ChildProcess): Promise<BystanderReport> {
  return new Promise((resolve) => {
    bystander.once('message', (report) => resolve(report as BystanderReport))
    bystander.send('report')
  })
}

/** The generators' CPU as a share of one core, summed: near their core count, they were the bottleneck. */
export const generatorCores = (answers: Answer[]) => ratio(answers.reduce((sum, { cpuMs, wallMs }) => sum + cpuMs / wallMs, 0), 1)
export const errorsOf = (answers: Answer[]) => answers.flatMap(({ errors }) => errors)
/** The worst generator's event-loop delay (10 ms sampling included): a late loop there inflates the latencies. */
const generatorLoop = (answers: Answer[]) => ({
  p99: ratio(Math.max(...answers.map(({ loopDelayMs }) => loopDelayMs.p99)), 1),
  max: ratio(Math.max(...answers.map(({ loopDelayMs }) => loopDelayMs.max)), 1),
})

/** Samples the server's RSS while `phase` runs; answers its peak and what the server measured of itself meanwhile. */
async function watched<T>(target: Target, bystander: ChildProcess, phase: Promise<T>) {
  target.server.startMeasuring()
  bystander.send('start')
  const startedAt = Date.now()
  let peakRssMb = target.rssMb()
  let done = false
  const result = phase.finally(() => (done = true))
  while (!done) {
    peakRssMb = Math.max(peakRssMb, target.rssMb())
    await sleep(250)
  }
  const [{ loopDelayMs, gc, memoryMb, cpuSeconds, cpuWaitMs }, bystanderLoop] = await Promise.all([target.server.measured(), bystanderReport(bystander)])
  const wallSeconds = (Date.now() - startedAt) / 1000
  return { result: await result, peakRssMb: Math.round(peakRssMb), eventLoop: loopDelayMs, bystanderLoop, gc, memoryMb, serverCores: ratio(cpuSeconds, wallSeconds), cpuWaitMs }
}

/** Commands at `rate` per second in all (at saturation when null) for `durationSeconds`, watched. */
export async function commandPhase({ target, order, generatorCount, saturationLanes, echoUrl, bystander }: PhaseContext, rate: number | null, durationSeconds: number) {
  // Under load the round trip across processes is the generators' own (generatorEchoMs), timed among their clients.
  const floors = rate ? measureFloors(target.postgresUrl, sleep(durationSeconds * 1000)) : null
  const commands = { type: 'commands', perSecond: rate && rate / generatorCount, lanes: saturationLanes, durationMs: durationSeconds * 1000 } as const
  const run = await watched(target, bystander, order(() => (rate ? { ...commands, echoUrl } : commands)))
  const timings = run.result.flatMap(({ timings }) => timings!)
  return {
    ...run,
    commandsPerSecond: Math.round(timings.length / durationSeconds),
    delivered: summary(timings.map(({ deliveredMs }) => deliveredMs)),
    answered: summary(timings.map(({ answeredMs }) => answeredMs)),
    /** Each member's p50 (doctor, patient, observer): the last to hear makes the command's figure. */
    memberP50: [0, 1, 2].map((member) => summary(timings.map(({ memberMs }) => memberMs[member])).p50),
    /** Per kind of command, to show which one a slow tail comes from. */
    bySteps: [...new Set(timings.map(({ step }) => step))].map((step) => {
      const delivered = timings.filter((timing) => timing.step === step).map(({ deliveredMs }) => deliveredMs)
      return { step, count: delivered.length, ...summary(delivered) }
    }),
    /**
     * The p99 of each second of the phase (a second's slowest, where it has under 100 commands): a tail that comes
     * from one stall shows in one or two seconds. A command sent late, after the phase's end, counts in its last.
     */
    p99BySecond: Array.from({ length: durationSeconds }, (_, second) =>
      summary(timings.filter(({ sentAt }) => Math.min(Math.floor(sentAt / 1000), durationSeconds - 1) === second).map(({ deliveredMs }) => deliveredMs)).p99,
    ),
    errors: errorsOf(run.result),
    missedTicks: run.result.reduce((sum, { missedTicks }) => sum + missedTicks!, 0),
    cores: generatorCores(run.result),
    generatorLoop: generatorLoop(run.result),
    floors: floors && (await floors),
    /** Round trips from the generators, among their clients, to the echo process. */
    generatorEchoMs: run.result.flatMap(({ echoFloorMs }) => echoFloorMs ?? []),
  }
}

export type CommandPhase = Awaited<ReturnType<typeof commandPhase>>

/** A steady window's figures, as the bench's JSON line carries them in `windows`. */
export const windowFigures = (phase: CommandPhase) => ({
  commandsPerSecond: phase.commandsPerSecond,
  errors: phase.errors.length,
  deliveredP50ms: phase.delivered.p50,
  deliveredP99ms: phase.delivered.p99,
  deliveredMaxMs: phase.delivered.max,
  eventLoopP99ms: phase.eventLoop.p99,
  eventLoopMaxMs: phase.eventLoop.max,
  bystanderLoopP99ms: phase.bystanderLoop.p99,
  bystanderLoopMaxMs: phase.bystanderLoop.max,
  gcCount: phase.gc.count,
  gcMajor: phase.gc.major,
  gcP99ms: phase.gc.p99Ms,
  gcMaxMs: phase.gc.maxMs,
  gcMajorMaxMs: phase.gc.majorMaxMs,
  gcTotalMs: phase.gc.totalMs,
  peakRssMb: phase.peakRssMb,
  heapUsedMb: phase.memoryMb.heapUsed,
  externalMb: phase.memoryMb.external,
  arrayBuffersMb: phase.memoryMb.arrayBuffers,
  serverCores: phase.serverCores,
  cpuWaitMs: phase.cpuWaitMs,
})

/** One window's line in the bench's table. */
export const describeWindow = (w: ReturnType<typeof windowFigures>) =>
  `${w.commandsPerSecond} commands/s, ${w.errors} errors, p50 ${w.deliveredP50ms} ms, p99 ${w.deliveredP99ms} ms (slowest ${w.deliveredMaxMs}); ` +
  `loop p99 ${w.eventLoopP99ms} ms, max ${w.eventLoopMaxMs} ms (an idle bystander's p99 ${w.bystanderLoopP99ms}, max ${w.bystanderLoopMaxMs}); ` +
  `GC ${w.gcCount} pauses (${w.gcMajor} major), p99 ${w.gcP99ms} ms, max ${w.gcMaxMs} ms (major ${w.gcMajorMaxMs}), ${w.gcTotalMs} ms in all; ` +
  `RSS peak ${w.peakRssMb} MB, at the end heap ${w.heapUsedMb} MB, external ${w.externalMb} MB (array buffers ${w.arrayBuffersMb}); ` +
  `server ${w.serverCores} cores, waited ${w.cpuWaitMs} ms for one`
