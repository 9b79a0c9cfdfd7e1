/**
 * Compares two revisions of the code with the end-to-end bench on PostgreSQL, in alternating runs (A B B A A B ...)
 * so that the machine's drift falls on both alike. One run's p50 moves by 0.1-0.4 ms between runs of the same code,
 * more than most single changes save; the medians of a few alternating rounds can tell such a change.
 * Each revision runs from a git worktree of its own (removed at the end) that shares this checkout's node_modules.
 *
 *   npx tsx bench/ab.ts <revisionA> <revisionB> [rounds=3]
 *   env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_AB_SIZE ("sessions,perSecond,seconds", 1000,200,20),
 *        BENCH_AB_SERVER_OPTIONS_A / _B: node options for that side's server only (BENCH_SERVER_NODE_OPTIONS), so that
 *        heap flags can be tried against none on the same revision: `BENCH_AB_SERVER_OPTIONS_B=--max-semi-space-size=32 … HEAD HEAD`
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const [revisionA, revisionB, roundsArgument] = process.argv.slice(2)
if (!revisionA || !revisionB) throw new Error('usage: npx tsx bench/ab.ts <revisionA> <revisionB> [rounds=3]')
const rounds = Number(roundsArgument ?? 3)
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const size = (process.env.BENCH_AB_SIZE ?? '1000,200,20').split(',')
const root = path.resolve(import.meta.dirname, '..')

interface Figures {
  deliveredP50ms: number
  deliveredP99ms: number
  floorLoadedMs: { insertCommit: number; webSocket: number; webSocketFromGenerator?: number }
  eventLoopMaxMs: number
  loadRssMb: number
  /** From issue 38's bench on (several windows, a 1 ms loop probe and the collector's pauses); absent before. */
  worstEventLoopMaxMs?: number
  worstGcMaxMs?: number
  peakLoadRssMb?: number
}

interface Side {
  revision: string
  /** BENCH_SERVER_NODE_OPTIONS for this side's server. */
  serverOptions: string
  dir: string
  runs: Figures[]
}
const sides: Side[] = []

/** A detached worktree of the revision, with this checkout's node_modules; removed by removeWorktrees. */
function worktree(revision: string, serverOptions = ''): Side {
  const side = { revision, serverOptions, dir: mkdtempSync(path.join(os.tmpdir(), 'plab-ab-')), runs: [] }
  sides.push(side)
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', side.dir, revision], { cwd: root, stdio: 'inherit' })
  symlinkSync(path.join(root, 'node_modules'), path.join(side.dir, 'node_modules'))
  return side
}

/** Each worktree removed on its own, so that one that fails to go leaves the others gone. */
function removeWorktrees() {
  for (const { dir } of sides.splice(0)) {
    // The link first, on its own: removing the worktree with it in place has emptied the shared node_modules.
    rmSync(path.join(dir, 'node_modules'), { force: true })
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' })
    } catch {
      // Not registered (its `git worktree add` failed): the directory goes below, the registry with prune.
    }
    rmSync(dir, { recursive: true, force: true })
  }
  execFileSync('git', ['worktree', 'prune'], { cwd: root })
}

function benchIn({ dir, serverOptions }: Side): Figures {
  // Saturation is not compared here: a second is enough for the bench to finish its phases.
  const env = { ...process.env, DATABASE_URL: postgresUrl, BENCH_SATURATION_SECONDS: '1', BENCH_SERVER_NODE_OPTIONS: serverOptions }
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/end-to-end.ts', ...size], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return JSON.parse(output.trim().split('\n').at(-1)!)
}

function median(values: number[]) {
  if (values.length === 0) return '-'
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return Number((sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2).toFixed(2))
}
/** Revisions before the cross-process round trip (a98eab0) have only the in-process one. */
const roundTripOf = ({ floorLoadedMs }: Figures) => floorLoadedMs.webSocketFromGenerator ?? floorLoadedMs.webSocket
/** Before issue 38 the bench had one window: its figures are then the worst, and there was no collector figure. */
const loopMaxOf = (figures: Figures) => figures.worstEventLoopMaxMs ?? figures.eventLoopMaxMs
const rssOf = (figures: Figures) => figures.peakLoadRssMb ?? figures.loadRssMb
const describe = (figures: Figures) =>
  `p50 ${figures.deliveredP50ms} ms, p99 ${figures.deliveredP99ms} ms, floor insert+commit ${figures.floorLoadedMs.insertCommit} + round trip ${roundTripOf(figures)} ms, ` +
  `loop max ${loopMaxOf(figures)} ms, GC max ${figures.worstGcMaxMs ?? '-'} ms, RSS ${rssOf(figures)} MB`
const label = ({ revision, serverOptions }: Side) => (serverOptions ? `${revision} (${serverOptions})` : revision)

// Interrupted (Ctrl-C), the run still removes its worktrees: `finally` does not run on a signal.
process.once('SIGINT', () => (removeWorktrees(), process.exit(130)))
try {
  worktree(revisionA, process.env.BENCH_AB_SERVER_OPTIONS_A)
  worktree(revisionB, process.env.BENCH_AB_SERVER_OPTIONS_B)
  for (let round = 0; round < rounds; round += 1) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const figures = benchIn(side)
      side.runs.push(figures)
      console.log(`round ${round + 1}, ${label(side)}: ${describe(figures)}`)
    }
  }
  const fromGenerator = sides.map(({ runs }) => runs.every(({ floorLoadedMs }) => floorLoadedMs.webSocketFromGenerator !== undefined))
  if (fromGenerator[0] !== fromGenerator[1]) {
    console.log('Warning: one revision times the floor\'s round trip in one process, the other across processes: their floors and ratios do not compare, their p50s do')
  }
  const probed = sides.map(({ runs }) => runs.every(({ worstGcMaxMs }) => worstGcMaxMs !== undefined))
  if (probed[0] !== probed[1]) {
    console.log(
      'Warning: one revision predates issue 38\'s bench: its loop max includes a 10 ms sampling interval, it has no collector figure, and its ' +
        'figures are of one window that holds every room\'s first command, where the other\'s are of the median of several after a warm-up',
    )
  }
  for (const side of sides) {
    const { runs } = side
    const p50 = Number(median(runs.map(({ deliveredP50ms }) => deliveredP50ms)))
    const floor = Number(median(runs.map((figures) => figures.floorLoadedMs.insertCommit + roundTripOf(figures))))
    const p99 = median(runs.map(({ deliveredP99ms }) => deliveredP99ms))
    const loopMax = median(runs.map(loopMaxOf))
    const gcMax = median(runs.flatMap(({ worstGcMaxMs }) => worstGcMaxMs ?? []))
    const rss = median(runs.map(rssOf))
    console.log(
      `${label(side)}: median of ${runs.length} runs: p50 ${p50} ms, floor ${floor.toFixed(2)} ms, p50 over floor ${(p50 - floor).toFixed(2)} ms, p99 ${p99} ms, ` +
        `loop max ${loopMax} ms, GC max ${gcMax} ms, RSS ${rss} MB`,
    )
  }
} finally {
  removeWorktrees()
}
