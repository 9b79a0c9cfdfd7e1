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
run('bench/live-fanout.ts', ['300', '100', '50'])
