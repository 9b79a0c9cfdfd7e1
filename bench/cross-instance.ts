/**
 * Cross-instance delivery bench: two server processes on one PostgreSQL database. In each of S sessions the
 * doctor sends K "new case" commands, one after the other, to one instance (even sessions A, odd ones B, so both
 * instances commit and both hear of the other's commits); the patient listens on that instance and the observer
 * on the other. For every command it times send -> TIMER_START (the command's last live message) at both
 * clients, so the same-instance and cross-instance figures come from the same run and the same load.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/cross-instance.ts [sessions=16] [commandsPerSession=12]
 */
import { performance } from 'node:perf_hooks'
import { api, subscribedClient, twoInstances } from '../test/helpers/two-instances.ts'
import { percentile } from './load/stats.ts'

const sessions = Number(process.argv[2] ?? 16)
const commands = Number(process.argv[3] ?? 12)

const cluster = await twoInstances(commands + 5)
const [serverA, serverB] = cluster.servers
const sameInstance: number[] = []
const crossInstance: number[] = []

/**
 * Reads a client's messages up to the next TIMER_START and answers when it arrived, noting the case it saw on
 * the way: a new case names the case it replaces, as our client does (one naming none within 1 s of the
 * reading's start is taken for a double click).
 */
async function timerStartArrival(inbox: Awaited<ReturnType<typeof subscribedClient>>['inbox'], seen: { caseId?: number }): Promise<number> {
  for (;;) {
    const message = await inbox.next(30_000)
    const body = message.body as { type: string; selectedCase?: { id: number } }
    if (body.selectedCase) seen.caseId = body.selectedCase.id
    if (body.type === 'TIMER_START') return message.receivedAt
  }
}

async function oneSession(index: number) {
  const [commanded, other] = index % 2 === 0 ? [serverA, serverB] : [serverB, serverA]
  const room = await cluster.readyRoom()
  const same = await subscribedClient(commanded, 'websocket', room.patient.token, room.code)
  const cross = await subscribedClient(other, 'websocket', room.observer.token, room.code)
  const seen: { caseId?: number } = {}
  for (let n = 0; n <= commands; n += 1) {
    const sentAt = performance.now()
    const command = api(commanded, 'POST', `/sessions/${room.code}/${n === 0 ? 'start' : 'new-case'}`, room.doctor.token, { caseId: seen.caseId })
    const [sameAt, crossAt, answer] = await Promise.all([timerStartArrival(same.inbox, seen), timerStartArrival(cross.inbox, {}), command])
    if (answer.status !== 200) throw new Error(`command refused: ${JSON.stringify(answer.json)}`)
    sameInstance.push(sameAt - sentAt)
    crossInstance.push(crossAt - sentAt)
  }
  await Promise.all([same.close(), cross.close()])
}

try {
  await Promise.all(Array.from({ length: sessions }, (_, index) => oneSession(index)))
} finally {
  await cluster.close()
}

const figures = {
  bench: 'cross-instance',
  sessions,
  commands: sameInstance.length,
  sameP50ms: percentile(sameInstance, 0.5),
  sameP99ms: percentile(sameInstance, 0.99),
  crossP50ms: percentile(crossInstance, 0.5),
  crossP99ms: percentile(crossInstance, 0.99),
}
console.log(JSON.stringify({ ...figures, p99Ratio: Number((figures.crossP99ms / figures.sameP99ms).toFixed(2)) }))
