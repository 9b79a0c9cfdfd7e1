import t from 'tap'
import { coalescedReads, type SetTimer } from '../../web/board/coalesced-reads.ts'

// The board page reads itself again on the live notices of a moment together (issue 30, item 6).

/** Timers that fire when the test says, and reads that answer when the test says. */
function harness() {
  const timers = new Set<() => void>()
  const setTimer: SetTimer = (callback) => {
    timers.add(callback)
    return () => timers.delete(callback)
  }
  const fireTimers = async () => {
    const due = [...timers]
    timers.clear()
    for (const callback of due) callback()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const answers: Array<() => void> = []
  let reads = 0
  const read = () => {
    reads += 1
    return new Promise<void>((resolve) => answers.push(resolve))
  }
  const answer = async () => {
    answers.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { setTimer, fireTimers, read, answer, reads: () => reads, pendingTimers: () => timers.size }
}

t.test('a hundred notices in a moment make one read', async (t) => {
  const h = harness()
  const rereads = coalescedReads(h.read, 500, h.setTimer)
  for (let n = 0; n < 100; n += 1) rereads.request()
  t.equal(h.reads(), 0, 'nothing read before the wait ends')
  await h.fireTimers()
  t.equal(h.reads(), 1)
  await h.answer()
  t.equal(h.pendingTimers(), 0, 'and nothing more to do')
})

t.test('notices while a read answers make one more read after it, never two at once', async (t) => {
  const h = harness()
  const rereads = coalescedReads(h.read, 500, h.setTimer)
  rereads.request()
  await h.fireTimers()
  for (let n = 0; n < 50; n += 1) rereads.request()
  t.equal(h.pendingTimers(), 0, 'no second read starts while the first answers')
  await h.answer()
  await h.fireTimers()
  t.equal(h.reads(), 2, 'the changes it may have missed are read once more')
  await h.answer()
  t.equal(h.pendingTimers(), 0)
})

t.test('stopped, it reads no more', async (t) => {
  const h = harness()
  const rereads = coalescedReads(h.read, 500, h.setTimer)
  rereads.request()
  rereads.stop()
  t.equal(h.pendingTimers(), 0)
  rereads.request()
  await h.fireTimers()
  t.equal(h.reads(), 0)
})
