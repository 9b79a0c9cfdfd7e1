/**
 * The functions a CPU profile (bench/cpu-profile-probe.ts, or node --cpu-prof) spent most time in: by self time,
 * then by inclusive time (each function counted once per stack), as shares of the profile, or of the window
 * between two times (seconds from its start). A profile of a whole bench run mixes its phases: it starts with how
 * busy each second was (busy %), from which a phase's window can be read (on a 2-core machine the end-to-end
 * bench's steady 200/s ran at about a quarter, its set-up, GETs and saturation near 90%).
 *
 *   node --import tsx bench/profile-top.ts <file.cpuprofile> [rows=40] [fromSeconds toSeconds]
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
const rows = Number(process.argv[3] ?? 40)
const [from, to] = [Number(process.argv[4] ?? 0), Number(process.argv[5] ?? Infinity)]
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parents = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|schemas|bench)\//, '$1/')}:${lineNumber + 1}`

const IDLE = '(idle)'
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
/** Per whole second from the start: microseconds sampled, and of those not idle. */
const seconds: { all: number; busy: number }[] = []
let total = 0
let at = 0
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0
  at += micros
  const second = (seconds[Math.floor(at / 1e6)] ??= { all: 0, busy: 0 })
  second.all += micros
  if (nodes.get(id)!.callFrame.functionName !== IDLE) second.busy += micros
  if (at < from * 1e6 || at >= to * 1e6) return
  total += micros
  const name = nameOf(nodes.get(id)!)
  self.set(name, (self.get(name) ?? 0) + micros)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) seen.add(nameOf(nodes.get(at)!))
  for (const onStack of seen) inclusive.set(onStack, (inclusive.get(onStack) ?? 0) + micros)
})

const print = (title: string, times: Map<string, number>) => {
  console.log(`--- ${title}`)
  for (const [name, micros] of [...times].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`)
}
console.log(`busy % per second: ${seconds.map((second, index) => `${index}:${second ? Math.round((100 * second.busy) / second.all) : 0}`).join(' ')}`)
console.log(`${(total / 1e6).toFixed(1)} s sampled${process.argv[4] ? `, from ${from} s to ${to} s` : ''}`)
print('self time', self)
print('inclusive time', inclusive)
