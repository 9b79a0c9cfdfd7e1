import t from 'tap'
import { PresenceTracker, type PresenceChange } from '../../server/live/presence.ts'
import { manualClock } from '../helpers/manual-clock.ts'

/** The grace period on a manual clock: what is announced, and when, with no waiting. */

const GRACE_MS = 5000
const ROOM = 'ABC123'

function tracker() {
  const clock = manualClock()
  const presence = new PresenceTracker(
    GRACE_MS,
    (error) => {
      throw error
    },
    clock.setAlarm,
  )
  const changes: PresenceChange[] = []
  presence.onChange((change) => changes.push(change))
  return { clock, presence, changes }
}

const online = { sessionCode: ROOM, userId: 1, online: true }
const offline = { ...online, online: false }

t.test('a reload within the grace period is never announced: no offline/online flap', async (t) => {
  const { clock, presence, changes } = tracker()
  presence.join(ROOM, 1)
  presence.leave(ROOM, 1)
  await clock.advance(GRACE_MS - 1)
  t.ok(presence.isOnline(ROOM, 1), 'online during the grace period')
  presence.join(ROOM, 1)
  await clock.advance(GRACE_MS)
  t.same(changes, [online])
})

t.test('one tab of two closing is not leaving', async (t) => {
  const { clock, presence, changes } = tracker()
  presence.join(ROOM, 1)
  presence.join(ROOM, 1)
  presence.leave(ROOM, 1)
  await clock.advance(GRACE_MS)
  t.same(changes, [online])
  t.ok(presence.isOnline(ROOM, 1))
})

t.test('the last connection gone, offline is announced once the grace period is over, not before', async (t) => {
  const { clock, presence, changes } = tracker()
  presence.join(ROOM, 1)
  presence.leave(ROOM, 1)
  await clock.advance(GRACE_MS - 1)
  t.same(changes, [online])
  await clock.advance(1)
  t.same(changes, [online, offline])
  t.notOk(presence.isOnline(ROOM, 1))
  presence.join(ROOM, 1)
  t.same(changes, [online, offline, online], 'coming back later is announced')
})

t.test('shutting down drops the pending offline notices', async (t) => {
  const { clock, presence, changes } = tracker()
  presence.join(ROOM, 1)
  presence.leave(ROOM, 1)
  presence.clear()
  await clock.advance(GRACE_MS)
  t.same(changes, [online])
})
