import t from 'tap'
import { boundsFromDateHeader, boundsFromServerEvent, combineBounds, estimateOffset, UNKNOWN_OFFSET } from '../../web/session/room/clock-offset.ts'
import {
  crossedMilestone,
  formatClock,
  milestoneAnnouncement,
  remainingSeconds,
  shouldWarnTwoMinutes,
  startFromRemaining,
} from '../../web/session/room/timer.ts'
import { elapsedSeconds, inTwoMinuteWarning } from '../../schemas/session/clock.ts'

const T0 = 1_800_000_000_000
const clock = { startTimestamp: T0, durationSeconds: 480 }

t.test('remaining is the duration minus whole elapsed seconds, never below 0', async (t) => {
  t.equal(remainingSeconds(clock, T0), 480)
  t.equal(remainingSeconds(clock, T0 + 999), 480, 'a second has not passed yet')
  t.equal(remainingSeconds(clock, T0 + 1000), 479)
  t.equal(remainingSeconds(clock, T0 + 480_000), 0)
  t.equal(remainingSeconds(clock, T0 + 900_000), 0)
  t.equal(remainingSeconds(clock, T0 - 5000), 480, 'a start a little in the future (clock skew) shows the full time')
})

t.test('the stopwatch counts up to the duration and stops there', async (t) => {
  t.equal(elapsedSeconds(clock, T0 + 61_500), 61)
  t.equal(elapsedSeconds(clock, T0 + 10_000_000), 480)
})

t.test('a reload rebuilds the start from the seconds left', async (t) => {
  t.equal(startFromRemaining(480, 300, T0 + 180_000), T0)
})

t.test('clock faces', async (t) => {
  t.equal(formatClock(487), '8:07')
  t.equal(formatClock(0), '0:00')
  t.equal(formatClock(4500), '75:00')
})

t.test('announcements at 2 minutes, 1 minute and 0 only: the start is the heading\'s (focus moves there)', async (t) => {
  t.equal(crossedMilestone(null, 480, 480), null, 'the phase just began')
  t.equal(crossedMilestone(null, 300, 480), null, 'a reload mid-phase announces nothing')
  t.equal(crossedMilestone(200, 199, 480), null)
  t.equal(crossedMilestone(121, 120, 480), 'two-minutes')
  t.equal(crossedMilestone(61, 60, 480), 'one-minute')
  t.equal(crossedMilestone(1, 0, 480), 'zero')
  t.equal(crossedMilestone(130, 50, 480), 'one-minute', 'a tab that slept says only the latest')
  t.equal(crossedMilestone(61, 60, 60), null, 'a one-minute phase does not announce "1 minute left" at its start')
  t.equal(milestoneAnnouncement('two-minutes', 'Consultation'), '2 minutes left in consultation.')
  t.equal(milestoneAnnouncement('zero', 'Reading'), 'Reading time is up.')
})

t.test('the two-minute warning\'s words show from 2 minutes left until the consultation ends', async (t) => {
  const consultation = { phase: 'CONSULTATION' as const, startTimestamp: T0, durationSeconds: 300 }
  t.equal(inTwoMinuteWarning(consultation, 121), false)
  t.equal(inTwoMinuteWarning(consultation, 120), true)
  t.equal(inTwoMinuteWarning(consultation, 0), true, 'still there at 0:00, until the phase changes')
  t.equal(inTwoMinuteWarning({ ...consultation, phase: 'READING' as const }, 60), false, 'not in reading')
  t.equal(inTwoMinuteWarning({ ...consultation, durationSeconds: 120 }, 100), false, 'not in a consultation that never had more')
})

t.test('the two-minute warning plays once, at 120 s or fewer, not at 0', async (t) => {
  t.equal(shouldWarnTwoMinutes(false, 121), false)
  t.equal(shouldWarnTwoMinutes(false, 120), true)
  t.equal(shouldWarnTwoMinutes(true, 100), false)
  t.equal(shouldWarnTwoMinutes(false, 0), false)
})

t.test('clock offset from Date headers and server timestamps', async (t) => {
  const date = new Date(T0).toUTCString()
  // The browser is 30 s behind: it sent at T0 - 30 050 and got the answer at T0 - 29 950.
  const fromHeader = boundsFromDateHeader(date, T0 - 30_050, T0 - 29_950)!
  t.same(fromHeader, { low: 29_950, high: 31_050 })
  t.equal(estimateOffset(fromHeader), 30_500)
  const narrowed = combineBounds(fromHeader, boundsFromServerEvent(T0 + 400, T0 - 29_980))
  t.same(narrowed, { low: 30_380, high: 31_050 }, 'a live event raises the lower bound')
  t.equal(estimateOffset(narrowed), 30_715)
  t.same(combineBounds(narrowed, { low: -5000, high: -4000 }), { low: -5000, high: -4000 }, 'disagreeing bounds restart from the newest')
  t.equal(estimateOffset(UNKNOWN_OFFSET), 0)
  t.equal(estimateOffset(boundsFromServerEvent(T0, T0 + 80)), 0, 'an event seen 80 ms late says nothing about a slow server')
  t.equal(estimateOffset(boundsFromServerEvent(T0 + 5000, T0)), 5000)
  t.equal(boundsFromDateHeader(null, T0, T0), null)
  t.equal(boundsFromDateHeader('not a date', T0, T0), null)
})
