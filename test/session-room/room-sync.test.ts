/**
 * The room machine's live sync (issue 31, item 2): reading the session again on every (re)connection, retrying a
 * read that fails and then saying so, and reading again rather than showing a phase the session cannot reach.
 */
import t from 'tap'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { RoomEvent } from '../../web/session/room/room-context.ts'
import { roomMachine, syncStatus } from '../../web/session/room/room-machine.ts'
import { PATIENT_ID, T0, details, phaseChange } from './fixtures.ts'

type Snapshot = Extract<RoomEvent, { type: 'SNAPSHOT' }>

/** A room whose reads answer from `answers` in turn (an Error fails the read), on a clock the test moves. */
function syncedRoom(answers: Array<Snapshot | Error>) {
  const clock = new SimulatedClock()
  let reads = 0
  const machine = roomMachine.provide({
    actors: {
      readSession: fromPromise<Snapshot, { code: string }>(async ({ input }) => {
        const answer = answers[Math.min(reads, answers.length - 1)]
        reads += 1
        if (input.code !== 'K7MQ-2XD9') throw new Error(`read of ${input.code}`)
        if (answer instanceof Error) throw answer
        return answer
      }),
    },
  })
  const actor = createActor(machine, { input: { code: 'K7MQ-2XD9', userId: PATIENT_ID }, clock }).start()
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  return { actor, clock, reads: () => reads, status: () => syncStatus(actor.getSnapshot()) }
}

const snapshotOf = (overrides: Parameters<typeof details>[0]): Snapshot => ({ type: 'SNAPSHOT', details: details(overrides), serverNow: T0 })

t.test('a connection reads the session again, holding live news meanwhile, then the room is live', async (t) => {
  const { actor, status, reads } = syncedRoom([snapshotOf({ title: 'Read again' })])
  t.equal(status(), 'connecting', 'not connected yet: nothing to read')
  t.equal(reads(), 0)
  actor.send({ type: 'SYNC_STARTED' })
  t.equal(status(), 'syncing')
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  t.equal(actor.getSnapshot().context.session?.title, 'Read again', 'what was read is shown')
  t.equal(reads(), 1)
})

t.test('a read that keeps failing is tried again, later each time, then the room says so; Retry reads again', async (t) => {
  const failure = new Error('busy')
  const { actor, clock, status, reads } = syncedRoom([failure, failure, failure, failure, snapshotOf({ title: 'At last' })])
  actor.send({ type: 'SYNC_STARTED' })
  await waitFor(actor, (s) => syncStatus(s) === 'retrying', { timeout: 2000 })
  for (const [delay, attempt] of [[2000, 2], [4000, 3], [6000, 4]]) {
    clock.increment(delay - 1)
    t.equal(reads(), attempt - 1, `not before ${delay} ms`)
    clock.increment(1)
    await waitFor(actor, () => reads() === attempt, { timeout: 2000 })
  }
  await waitFor(actor, (s) => syncStatus(s) === 'stale', { timeout: 2000 })
  t.equal(status(), 'stale', 'four failed reads: the room says its news may be missing')
  actor.send({ type: 'RESYNC' })
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  t.equal(actor.getSnapshot().context.session?.title, 'At last')
})

t.test('news of a phase the session cannot reach is not shown: the session is read instead', async (t) => {
  const { actor, reads } = syncedRoom([snapshotOf({ phase: 'FEEDBACK', timerStartTimestamp: null, totalTime: 0, timeRemaining: 0 })])
  actor.send({ type: 'SYNC_STARTED' })
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  actor.send({ type: 'LIVE', message: phaseChange('CONSULTATION', T0 + 60_000, 480) })
  t.equal(actor.getSnapshot().context.session?.phase, 'FEEDBACK', 'feedback -> consultation is no move: not shown')
  await waitFor(actor, () => reads() === 2, { timeout: 2000 })
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  actor.send({ type: 'LIVE', message: phaseChange('READING', T0 + 90_000, 120) })
  t.equal(actor.getSnapshot().context.session?.phase, 'READING', 'a legal move (the next round) is shown at once')
})

t.test('a lost connection says so until the next one syncs', async (t) => {
  const { actor, status } = syncedRoom([snapshotOf({})])
  actor.send({ type: 'SYNC_STARTED' })
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  actor.send({ type: 'LIVE_LOST', status: 'reconnecting' })
  t.equal(status(), 'reconnecting')
  actor.send({ type: 'LIVE_LOST', status: 'failed' })
  t.equal(status(), 'failed')
  actor.send({ type: 'SYNC_STARTED' })
  await waitFor(actor, (s) => syncStatus(s) === 'live', { timeout: 2000 })
  t.pass('connected again: read, and live')
})
