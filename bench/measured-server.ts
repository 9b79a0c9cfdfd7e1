import { buildSync } from 'esbuild'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildServer, startServerProcess, type ServerProcess } from '../test/helpers/server-process.ts'

const PROBES_DIR = path.resolve(import.meta.dirname, '../dist/bench-probes')

/** The probes as JavaScript: the built server runs without tsx, so it cannot load a .ts file. */
function buildProbes() {
  const entryPoints = ['loop-delay-probe', 'cpu-profile-probe'].map((name) => path.join(import.meta.dirname, `${name}.ts`))
  buildSync({ entryPoints, outdir: PROBES_DIR, platform: 'node', format: 'esm', outExtension: { '.js': '.mjs' }, logLevel: 'warning' })
  return { loopDelay: path.join(PROBES_DIR, 'loop-delay-probe.mjs'), cpuProfile: path.join(PROBES_DIR, 'cpu-profile-probe.mjs') }
}

export interface MeasuredServer extends ServerProcess {
  /** Starts a measurement: resets the event-loop delay histogram and notes the CPU time used so far. */
  startMeasuring(): void
  /** The event-loop delay and the server's CPU seconds since startMeasuring. */
  measured(): Promise<{ loopDelayMs: { p50: number; p99: number; max: number }; cpuSeconds: number }>
}

/**
 * The real server, built and run as `npm start` runs it, in its own process, with its event-loop delay and CPU
 * time readable; with BENCH_CPU_PROFILE=<directory>, it also writes a CPU profile of its run there.
 */
export async function startMeasuredServer(env: Record<string, string>): Promise<MeasuredServer> {
  buildServer()
  const probes = buildProbes()
  const profiler = process.env.BENCH_CPU_PROFILE ? ` --import ${probes.cpuProfile}` : ''
  const server = await startServerProcess({ ...env, NODE_OPTIONS: `--import ${probes.loopDelay}${profiler}` }, 'built')
  const pid = server.child.pid!
  let cpuAtStart = 0
  const report = async () => {
    const before = server.output().length
    server.child.kill('SIGUSR2')
    for (;;) {
      const line = server.output().slice(before).split('\n').find((text) => text.startsWith('{"loopDelayMs"'))
      if (line) return JSON.parse(line)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return {
    ...server,
    startMeasuring() {
      cpuAtStart = cpuSeconds(pid)
      server.child.kill('SIGUSR2')
    },
    async measured() {
      const cpu = cpuSeconds(pid) - cpuAtStart
      return { ...(await report()), cpuSeconds: Math.round(cpu * 100) / 100 }
    },
  }
}

/** User plus system CPU time of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
