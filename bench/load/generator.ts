/**
 * One load-generator process (the bench forks several, so that the clients are not the bottleneck): it holds the
 * sockets of its share of the rooms and, on the parent's orders over IPC, runs commands at a rate (open loop),
 * as fast as a number of lanes allows (closed loop, for saturation), or GETs one address as fast as it can. Each
 * answer carries this process's CPU time, so a reader can tell when the generator itself was saturated.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { measureEchoFloor } from './echo-probe.ts'
import { request } from './http-client.ts'
import { roomClients, type StepTiming } from './room-clients.ts'
import { sleep } from './stats.ts'
import type { Room } from './target.ts'

export type Order =
  | { type: 'connect'; baseUrl: string; rooms: Room[] }
  /**
   * `echoUrl`: an echo server (echo-server.ts) to time round trips to from here while the commands run.
   * `inTurn`: rooms taken in turn, not at random, so that one pass gives every room one command (a warm-up).
   */
  | { type: 'commands'; perSecond: number | null; lanes: number; durationMs: number; echoUrl?: string; inTurn?: boolean }
  | { type: 'get'; url: string; useRoomToken: boolean; lanes: number; durationMs: number }
  | { type: 'close' }

type Clients = Awaited<ReturnType<typeof roomClients>>
let baseUrl = ''
let rooms: { room: Room; clients: Clients }[] = []
const idle: Clients[] = []
const errors: string[] = []

async function connect(order: Extract<Order, { type: 'connect' }>) {
  baseUrl = order.baseUrl
  for (let first = 0; first < order.rooms.length; first += 25) {
    const batch = order.rooms.slice(first, first + 25)
    const settled = await Promise.allSettled(batch.map(async (room) => ({ room, clients: await roomClients(baseUrl, room) })))
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') rooms.push(outcome.value)
      else errors.push(String(outcome.reason))
    }
  }
  idle.push(...rooms.map(({ clients }) => clients))
}

/**
 * An idle room taken at random, not in turn: every room starts at its first step, and taking them in turn would
 * run 1,000 starts, then 1,000 skips, and so on, where a random pick soon mixes the kinds of command.
 */
const anyIdle = (): Clients | undefined => idle.splice(Math.floor(Math.random() * idle.length), 1)[0]

/** Commands at `perSecond` across this process's rooms, or back to back in `lanes` when perSecond is null. */
async function commands(order: Extract<Order, { type: 'commands' }>) {
  const timings: StepTiming[] = []
  let missedTicks = 0
  const inFlight = new Set<Promise<void>>()
  const runOne = (clients: Clients) => {
    const done = clients
      .nextStep()
      .then((timing) => {
        timings.push(timing)
        idle.push(clients)
      })
      .catch((error) => void errors.push(String(error))) // a room that failed a step is out of step: drop it
      .finally(() => inFlight.delete(done))
    inFlight.add(done)
    return done
  }
  const nextIdle = order.inTurn ? () => idle.shift() : anyIdle
  const end = performance.now() + order.durationMs
  // A failed probe is an error of the run, not of this process: the commands' figures still come back.
  const echoFloorMs = order.echoUrl ? measureEchoFloor(order.echoUrl, sleep(order.durationMs)).catch((error) => (errors.push(String(error)), [])) : undefined
  if (order.perSecond) {
    const interval = 1000 / order.perSecond
    for (let due = performance.now(); due < end; due += interval) {
      const clients = nextIdle()
      if (clients) runOne(clients)
      else missedTicks += 1
      await sleep(due + interval - performance.now())
    }
  } else {
    const lane = async () => {
      while (performance.now() < end) {
        const clients = nextIdle()
        await (clients ? runOne(clients) : sleep(5))
      }
    }
    await Promise.all(Array.from({ length: order.lanes }, lane))
  }
  await Promise.all(inFlight)
  // Sent times from the phase's start: each process has its own performance clock.
  const started = end - order.durationMs
  return { timings: timings.map((timing) => ({ ...timing, sentAt: timing.sentAt - started })), missedTicks, echoFloorMs: await echoFloorMs }
}

async function get(order: Extract<Order, { type: 'get' }>) {
  let answered = 0
  let failed = 0
  const end = performance.now() + order.durationMs
  const lane = async (index: number) => {
    const { room } = rooms[index % rooms.length]
    const url = `${baseUrl}/api${order.url.replace('{code}', room.code)}`
    const headers = order.useRoomToken ? { Authorization: `Bearer ${room.tokens[2]}` } : undefined
    while (performance.now() < end) {
      const response = await request(url, { headers }).catch(() => null)
      if (response?.ok) answered += 1
      else failed += 1
    }
  }
  await Promise.all(Array.from({ length: order.lanes }, (_, index) => lane(index)))
  return { answered, failed }
}

/**
 * This process's own event-loop delay: a command's live message is timed when this loop gets to it, so a late
 * loop here lengthens the measured latency without the server being slower.
 */
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()

process.on('message', async (order: Order) => {
  const cpuBefore = process.cpuUsage()
  const startedAt = performance.now()
  loopDelay.reset()
  errors.length = 0
  let result: object = {}
  if (order.type === 'connect') await connect(order)
  if (order.type === 'commands') result = await commands(order)
  if (order.type === 'get') result = await get(order)
  if (order.type === 'close') await Promise.all(rooms.map(({ clients }) => clients.close()))
  const cpu = process.cpuUsage(cpuBefore)
  const cpuMs = (cpu.user + cpu.system) / 1000
  const loopDelayMs = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 }
  process.send!({ ...result, rooms: rooms.length, errors: [...errors], cpuMs, wallMs: performance.now() - startedAt, loopDelayMs })
  if (order.type === 'close') process.disconnect!()
})
