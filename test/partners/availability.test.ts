import t from 'tap'
import {
  freeIntervals,
  fromMinutes,
  MAX_STRETCHES,
  overlapIntervals,
  toMinutes,
  usefulOverlaps,
  WeeklyHoursBody,
  type Interval,
  type MinuteStretch,
} from '../../schemas/partners/availability.ts'
import { validate } from '../../schemas/validate.ts'

/** Weekly free hours (issue 36): the body's rules, the week's instants in the owner's zone, and two people's overlaps. */

const at = (iso: string) => Date.parse(iso)
const iso = (intervals: Interval[]) => intervals.map((i) => [new Date(i.startMs).toISOString(), new Date(i.endMs).toISOString()])
const stretch = (weekday: number, start: string, end: string): MinuteStretch => toMinutes({ weekday, start, end })
const MONDAY = 0
const TUESDAY = 1
const SATURDAY = 5
const SUNDAY = 6

t.test('the body: a weekday, a start and an end on the quarter hour, with a message per field', async (t) => {
  t.ok(validate(WeeklyHoursBody, { hours: [] }).ok, 'an empty week clears the hours')
  t.ok(validate(WeeklyHoursBody, { hours: [{ weekday: 6, start: '22:00', end: '24:00' }, { weekday: 6, start: '18:00', end: '22:00' }] }).ok, '24:00 ends a day; touching stretches do not overlap')
  const wrong = validate(WeeklyHoursBody, {
    hours: [
      { weekday: 7, start: '9:00', end: '10:00' },
      { weekday: 1, start: '10:10', end: '24:15' },
      { weekday: 2, start: '12:00', end: '11:00' },
      { weekday: 3, start: '12:00', end: '12:00', owner: 5 },
    ],
  })
  t.same(wrong.ok ? null : wrong.errors, {
    'hours.0.weekday': 'weekday must be a number from 0 (Monday) to 6 (Sunday)',
    'hours.0.start': 'start must be a time from 00:00 to 23:45, on the quarter hour',
    'hours.1.start': 'start must be a time from 00:00 to 23:45, on the quarter hour',
    'hours.1.end': 'end must be a time from 00:15 to 24:00, on the quarter hour',
    'hours.2.end': 'The end must be after the start (use 24:00 for midnight)',
    'hours.3.owner': 'Unknown field: owner',
  })
  const missing = validate(WeeklyHoursBody, { hours: [{ weekday: 1 }] })
  t.match(missing.ok ? null : missing.errors, { 'hours.0.start': 'start is required', 'hours.0.end': 'end is required' })
  const typed = validate(WeeklyHoursBody, { hours: [{ weekday: '1', start: 900, end: '10:00' }] })
  t.same(typed.ok ? null : typed.errors, { 'hours.0.weekday': 'weekday must be a number from 0 (Monday) to 6 (Sunday)', 'hours.0.start': 'start must be a time written HH:MM' })
})

t.test('two stretches of one day that overlap are refused, naming the day', async (t) => {
  const result = validate(WeeklyHoursBody, { hours: [{ weekday: 3, start: '18:00', end: '21:00' }, { weekday: 2, start: '19:00', end: '20:00' }, { weekday: 3, start: '20:30', end: '22:00' }] })
  t.same(result.ok ? null : result.errors, { hours: 'Your Thursday stretches 18:00–21:00 and 20:30–22:00 overlap: join them into one' })
})

t.test(`at most ${MAX_STRETCHES} stretches`, async (t) => {
  const week = Array.from({ length: MAX_STRETCHES + 1 }, (_, i) => ({ weekday: i % 7, start: `${String(Math.floor(i / 7) * 2).padStart(2, '0')}:00`, end: `${String(Math.floor(i / 7) * 2 + 1).padStart(2, '0')}:00` }))
  const result = validate(WeeklyHoursBody, { hours: week })
  t.same(result.ok ? null : result.errors, { hours: `At most ${MAX_STRETCHES} stretches of free hours in a week` })
  t.ok(validate(WeeklyHoursBody, { hours: week.slice(1) }).ok)
})

t.test('to and from the table\'s minutes, in the week\'s order', async (t) => {
  t.same(stretch(TUESDAY, '18:30', '24:00'), { weekday: TUESDAY, startMinute: 1110, endMinute: 1440 })
  t.same(fromMinutes([{ weekday: 4, startMinute: 60, endMinute: 75 }, { weekday: 0, startMinute: 600, endMinute: 1440 }, { weekday: 0, startMinute: 0, endMinute: 30 }]), [
    { weekday: 0, start: '00:00', end: '00:30' },
    { weekday: 0, start: '10:00', end: '24:00' },
    { weekday: 4, start: '01:00', end: '01:15' },
  ])
})

t.test('the week\'s instants are wall times in the owner\'s zone', async (t) => {
  // Monday 30 November 2026, midnight UTC; Karachi is five hours ahead all year.
  const monday = at('2026-11-30T00:00:00Z')
  t.same(iso(freeIntervals([stretch(MONDAY, '20:00', '22:00')], 'Asia/Karachi', monday, 7)), [['2026-11-30T15:00:00.000Z', '2026-11-30T17:00:00.000Z']])
  t.same(iso(freeIntervals([stretch(MONDAY, '20:00', '22:00')], 'Europe/London', monday, 7)), [['2026-11-30T20:00:00.000Z', '2026-11-30T22:00:00.000Z']])
  t.same(freeIntervals([], 'Europe/London', monday, 7), [], 'no hours, no instants')
})

t.test('a stretch under way is clipped to now; one over is gone; the window ends after `days` days', async (t) => {
  const hours = [stretch(MONDAY, '18:00', '21:00'), stretch(TUESDAY, '07:00', '08:00')]
  const duringMonday = at('2026-11-30T19:30:00Z')
  t.same(iso(freeIntervals(hours, 'Europe/London', duringMonday, 7)), [
    ['2026-11-30T19:30:00.000Z', '2026-11-30T21:00:00.000Z'],
    ['2026-12-01T07:00:00.000Z', '2026-12-01T08:00:00.000Z'],
    ['2026-12-07T18:00:00.000Z', '2026-12-07T19:30:00.000Z'],
  ], 'the next Monday is cut where the seven days end')
  const afterMonday = at('2026-11-30T21:00:00Z')
  t.same(iso(freeIntervals(hours, 'Europe/London', afterMonday, 1)), [['2026-12-01T07:00:00.000Z', '2026-12-01T08:00:00.000Z']])
})

t.test('across the end of British Summer Time (Sunday 25 October 2026, 02:00 BST becomes 01:00 GMT)', async (t) => {
  const hours = [stretch(SATURDAY, '18:00', '20:00'), stretch(SUNDAY, '00:00', '03:00')]
  const friday = at('2026-10-23T12:00:00Z')
  t.same(iso(freeIntervals(hours, 'Europe/London', friday, 9)), [
    ['2026-10-24T17:00:00.000Z', '2026-10-24T19:00:00.000Z'],
    // Midnight BST to 03:00 GMT: four hours of real time, the hour 01:00-02:00 lived twice.
    ['2026-10-24T23:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ['2026-10-31T18:00:00.000Z', '2026-10-31T20:00:00.000Z'],
    ['2026-11-01T00:00:00.000Z', '2026-11-01T03:00:00.000Z'],
  ], 'the same wall times, an hour later in UTC after the change')
})

t.test('across the start of British Summer Time the skipped hour is not free', async (t) => {
  const intervals = freeIntervals([stretch(SUNDAY, '00:30', '03:00')], 'Europe/London', at('2026-03-28T12:00:00Z'), 2)
  t.same(iso(intervals), [['2026-03-29T00:30:00.000Z', '2026-03-29T02:00:00.000Z']], '00:30 GMT to 03:00 BST: an hour and a half')
})

t.test('London and Karachi, five hours apart: the overlap crosses midnight in Karachi', async (t) => {
  const monday = at('2026-11-30T00:00:00Z')
  const london = freeIntervals([stretch(MONDAY, '18:00', '22:00')], 'Europe/London', monday, 7)
  // 22:00 Monday to 03:00 Tuesday in Karachi, kept as two stretches (a stretch ends by midnight) and joined.
  const karachi = freeIntervals([stretch(MONDAY, '22:00', '24:00'), stretch(TUESDAY, '00:00', '03:00')], 'Asia/Karachi', monday, 7)
  t.same(iso(karachi), [['2026-11-30T17:00:00.000Z', '2026-11-30T22:00:00.000Z']], 'Monday to 24:00 and Tuesday from 00:00 are one stretch of time')
  t.same(iso(overlapIntervals(london, karachi)), [['2026-11-30T18:00:00.000Z', '2026-11-30T22:00:00.000Z']], '18:00-22:00 in London is 23:00-03:00 in Karachi')
  t.same(overlapIntervals(karachi, london), overlapIntervals(london, karachi), 'the same both ways')
  const mornings = freeIntervals([stretch(MONDAY, '07:00', '09:00')], 'Europe/London', monday, 7)
  t.same(overlapIntervals(mornings, karachi), [], 'London mornings and Karachi nights never meet')
})

t.test('overlaps of many intervals, and only those long enough to practise in', async (t) => {
  const a = [{ startMs: 0, endMs: 100 }, { startMs: 200, endMs: 300 }, { startMs: 400, endMs: 10_000_000 }]
  const b = [{ startMs: 50, endMs: 250 }, { startMs: 290, endMs: 450 }, { startMs: 500, endMs: 600 }, { startMs: 7_000_000, endMs: 7_000_000 + 30 * 60_000 }]
  t.same(overlapIntervals(a, b), [
    { startMs: 50, endMs: 100 },
    { startMs: 200, endMs: 250 },
    { startMs: 290, endMs: 300 },
    { startMs: 400, endMs: 450 },
    { startMs: 500, endMs: 600 },
    { startMs: 7_000_000, endMs: 7_000_000 + 30 * 60_000 },
  ])
  t.same(usefulOverlaps(a, b), [{ startMs: 7_000_000, endMs: 7_000_000 + 30 * 60_000 }], 'thirty minutes is the least that counts')
})
