/**
 * The functions a CPU profile (bench/cpu-profile-probe.ts, or node --cpu-prof) spent most time in: by self time,
 * then by inclusive time (each function counted once per stack), as shares of the whole profile.
 *
 *   node --import tsx bench/profile-top.ts <file.cpuprofile> [rows=40]
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
const rows = Number(process.argv[3] ?? 40)
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parents = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|schemas|bench)\//, '$1/')}:${lineNumber + 1}`

const self = new Map<string, number>()
const inclusive = new Map<string, number>()
let total = 0
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0
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
console.log(`${(total / 1e6).toFixed(1)} s sampled`)
print('self time', self)
print('inclusive time', inclusive)
