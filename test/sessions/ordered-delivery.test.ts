import t from 'tap'
import type { SessionState } from '../../schemas/session/types.ts'
import type { CommittedBatch } from '../../server/sessions/cluster/bus.ts'
import { orderedDelivery } from '../../server/sessions/cluster/ordered-delivery.ts'

// The ordered path on its own, with a store held in memory: which versions reach the listeners, in what order,
// whatever order the local commits and the notices come in.
const SESSION = 7

/** A store of one session's commits; each commit is one batch of versions. */
function memoryStore(commits: number[][], endedAt?: number) {
  const batchOf = (versions: number[]): CommittedBatch => ({
    sessionId: SESSION,
    before: null,
    events: versions.map((version) => ({ version, event: { type: 'TopicAdded' } as never, actorUserId: null, recordedAt: new Date(0) })),
    state: { status: versions.includes(endedAt ?? -1) ? 'COMPLETED' : 'IN_PROGRESS' } as SessionState,
  })
  let failuresLeft = 0
  const reads: string[] = []
  const handedIn: Array<SessionState | null> = []
  return {
    batch: (version: number) => batchOf(commits.find((versions) => versions.includes(version))!),
    failNextReads(count: number) {
      failuresLeft = count
    },
    reads,
    handedIn,
    async read(_sessionId: number, from: number, to: number, before: SessionState | null) {
      reads.push(`${from}-${to}`)
      handedIn.push(before)
      if (failuresLeft-- > 0) throw new Error('connection reset')
      return commits.filter((versions) => versions[0] >= from && versions.at(-1)! <= to).map(batchOf)
    },
  }
}

function harness(store: ReturnType<typeof memoryStore>) {
  const delivered: number[][] = []
  const errors: unknown[] = []
  const delivery = orderedDelivery({
    read: store.read,
    deliver: (batch) => delivered.push(batch.events.map((e) => e.version)),
    log: { error: (object) => errors.push(object) },
    retryDelayMs: 10,
  })
  return { delivery, delivered, errors }
}

/** Delivery of a store whose version 1 was delivered before this instance started. */
async function deliveredUpTo1(commits: number[][]) {
  const store = memoryStore(commits)
  const delivery = harness(store)
  delivery.delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  await new Promise((resolve) => setImmediate(resolve))
  return { store, ...delivery }
}

const settled = (delivery: { close(): Promise<void> }) => delivery.close()

t.test('a local commit that overtakes the notice of the one before it waits for it, read from the store', async (t) => {
  const store = memoryStore([[1], [2, 3], [4]])
  const { delivery, delivered } = harness(store)
  delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  delivery.local(store.batch(4))
  delivery.reached({ sessionId: SESSION, version: 3 })
  await settled(delivery)
  t.same(delivered, [[2, 3], [4]], 'versions 2-3 (one commit) then 4, each once')
  t.same(store.reads, ['2-4'], 'one read fills the gap; the late notice costs nothing')
})

t.test('a local commit that comes next is delivered at once, without reading', async (t) => {
  const store = memoryStore([[1], [2]])
  const { delivery, delivered } = harness(store)
  delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  await new Promise((resolve) => setImmediate(resolve))
  delivery.local(store.batch(2))
  t.same(delivered, [[2]], 'delivered before publish returned')
  await settled(delivery)
  t.same(store.reads, [])
})

t.test("a commit's own notice, heard before the commit's answer, costs no read", async (t) => {
  const { store, delivery, delivered } = await deliveredUpTo1([[1], [2]])
  const settle = delivery.committing(SESSION)
  delivery.reached({ sessionId: SESSION, version: 2 })
  delivery.local(store.batch(2))
  settle()
  await settled(delivery)
  t.same(delivered, [[2]])
  t.same(store.reads, [], 'the notice waited for the local batch, which covered it')
})

t.test("another instance's commit heard while this one's fails is read once the failure is known", async (t) => {
  const { store, delivery, delivered } = await deliveredUpTo1([[1], [2]])
  const settle = delivery.committing(SESSION)
  delivery.reached({ sessionId: SESSION, version: 2 })
  t.same(store.reads, [], 'held back while the local commit is on its way')
  settle()
  await settled(delivery)
  t.same(delivered, [[2]])
  t.same(store.reads, ['2-2'])
})

t.test('a notice held for a commit still running when delivery closes starts no read of a closing store', async (t) => {
  const { store, delivery, delivered } = await deliveredUpTo1([[1], [2]])
  const settle = delivery.committing(SESSION)
  delivery.reached({ sessionId: SESSION, version: 2 })
  await settled(delivery)
  settle()
  await settled(delivery)
  t.same(store.reads, [])
  t.same(delivered, [])
})

t.test("a read after a delivered batch is handed that batch's state, so it need not rebuild it", async (t) => {
  const store = memoryStore([[1], [2], [3]])
  const { delivery, delivered } = harness(store)
  delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  const second = store.batch(2)
  delivery.local(second)
  delivery.reached({ sessionId: SESSION, version: 3 })
  await settled(delivery)
  t.same(delivered, [[2], [3]])
  t.equal(store.handedIn[0], second.state)
})

t.test('a notice about an earlier version, after the session ended here, delivers nothing more', async (t) => {
  const store = memoryStore([[1], [2], [3]], 3)
  const { delivery, delivered } = harness(store)
  delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  delivery.local(store.batch(3))
  delivery.reached({ sessionId: SESSION, version: 2 })
  await settled(delivery)
  t.same(delivered, [[2], [3]], 'USER_LEFT (2) before SESSION_ENDED (3), never after')
})

t.test('a session first heard of after start-up is new: delivered from its first version', async (t) => {
  const store = memoryStore([[1], [2]])
  const { delivery, delivered } = harness(store)
  delivery.startFrom([])
  delivery.local(store.batch(2))
  await settled(delivery)
  t.same(delivered, [[1], [2]])
})

t.test('when the store cannot be read, the same versions are read again until they arrive', async (t) => {
  const store = memoryStore([[1], [2], [3]])
  const { delivery, delivered, errors } = harness(store)
  delivery.startFrom([{ sessionId: SESSION, version: 1 }])
  store.failNextReads(2)
  delivery.reached({ sessionId: SESSION, version: 3 })
  const deadline = Date.now() + 5000
  while (delivered.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
  await settled(delivery)
  t.same(delivered, [[2], [3]])
  t.equal(errors.length, 2, 'each failed read is logged')
  t.same(store.reads, ['2-3', '2-3', '2-3'])
})
