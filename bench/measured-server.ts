import { buildSync } from 'esbuild'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildServer, startServerProcess, type ServerProcess } from '../test/helpers/server-process.ts'
import type { ProbeReport } from './loop-delay-probe.ts'

const PROBES_DIR = path.resolve(import.meta.dirname, '../dist/bench-probes')

/** The probes as JavaScript: the built server runs without tsx, so it cannot load a .ts file. */
function buildProbes() {
  const entryPoints = ['loop-delay-probe', 'cpu-profile-probe', 'stall-trace-probe'].map((name) => path.join(import.meta.dirname, `${name}.ts`))
  buildSync({ entryPoints, outdir: PROBES_DIR, platform: 'node', format: 'esm', outExtension: { '.js': '.mjs' }, logLevel: 'warning' })
  return { loopDelay: path.join(PROBES_DIR, 'loop-delay-probe.mjs'), cpuProfile: path.join(PROBES_DIR, 'cpu-profile-probe.mjs'), stallTrace: path.join(PROBES_DIR, 'stall-trace-probe.mjs') }
}

export interface Measured extends ProbeReport {
  /** The server's CPU seconds (all its threads). */
  cpuSeconds: number
  /**
   * How long the server's main thread was ready to run but waiting for a core: on a machine with fewer cores than
   * busy processes, a late loop that is the machine's doing, not the server's own work.
   */
  cpuWaitMs: number
}

export interface MeasuredServer extends ServerProcess {
  /** Starts a measurement: resets the probe's histograms and notes the CPU time used and waited for so far. */
  startMeasuring(): void
  /** The probe's report and the server's CPU since startMeasuring. */
  measured(): Promise<Measured>
}

/**
 * The real server, built and run as `npm start` runs it, in its own process, with its event-loop delay, the
 * collector's pauses and its CPU time readable; with BENCH_CPU_PROFILE=<directory>, it also writes a CPU profile
 * of its run there, and BENCH_SERVER_NODE_OPTIONS (such as heap flags to try) are added to its NODE_OPTIONS.
 */
export async function startMeasuredServer(env: Record<string, string>): Promise<MeasuredServer> {
  buildServer()
  const probes = buildProbes()
  const nodeOptions = [`--import ${probes.loopDelay}`, process.env.BENCH_CPU_PROFILE && `--import ${probes.cpuProfile}`, process.env.BENCH_STALL_TRACE && `--import ${probes.stallTrace}`, process.env.BENCH_SERVER_NODE_OPTIONS]
  const server = await startServerProcess({ ...env, NODE_OPTIONS: nodeOptions.filter(Boolean).join(' ') }, 'built')
  const pid = server.child.pid!
  let cpuAtStart = 0
  let waitAtStart = 0
  const report = async (): Promise<ProbeReport> => {
    const before = server.output().length
    server.child.kill('SIGUSR2')
    for (;;) {
      // Only whole lines: the last piece may be a line still being written.
      const line = server.output().slice(before).split('\n').slice(0, -1).find((text) => text.startsWith('{"loopDelayMs"'))
      if (line) return JSON.parse(line)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return {
    ...server,
    startMeasuring() {
      cpuAtStart = cpuSeconds(pid)
      waitAtStart = cpuWaitNs(pid)
      server.child.kill('SIGUSR2')
    },
    async measured() {
      const cpu = cpuSeconds(pid) - cpuAtStart
      const waitMs = (cpuWaitNs(pid) - waitAtStart) / 1e6
      return { ...(await report()), cpuSeconds: Math.round(cpu * 100) / 100, cpuWaitMs: Math.round(waitMs) }
    },
  }
}

/** User plus system CPU time of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Nanoseconds the process's main thread (the event loop's) has spent runnable on a run queue, from the second
 * field of /proc/<pid>/schedstat (Linux; the file is the thread whose id is the process's).
 */
function cpuWaitNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1])
}
