import t from 'tap'
import { addedStretch, END_TIMES, forgetHours, keepHours, keptHours, rowProblem, sameHours, START_TIMES } from '../../web/partners/hours-draft.ts'
import { overlapInWords } from '../../web/partners/overlap-words.ts'

/** The Find Partners availability's pure parts (issue 36): a shared time in both clocks, the hours editor's draft. */

t.test('a time both are free is written in my clock and theirs, their day named when it differs', async (t) => {
  const evening = { startsAt: '2026-12-01T18:00:00.000Z', endsAt: '2026-12-01T20:00:00.000Z' }
  t.equal(overlapInWords(evening, 'Europe/London', 'Asia/Karachi', 'en-GB'), 'Tue 1 Dec 18:00–20:00 your time · 23:00–01:00 their time (Asia/Karachi)')
  const late = { startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-01T22:00:00.000Z' }
  t.equal(overlapInWords(late, 'Europe/London', 'Asia/Karachi', 'en-GB'), 'Tue 1 Dec 20:00–22:00 your time · Wed 2 Dec 01:00–03:00 their time (Asia/Karachi)')
  t.equal(overlapInWords(late, 'Europe/London', 'Europe/London', 'en-GB'), 'Tue 1 Dec 20:00–22:00 your time (theirs too)', 'one zone: one clock')
  const days = { startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-03T22:00:00.000Z' }
  t.equal(overlapInWords(days, 'Europe/London', 'Europe/London', 'en-GB'), 'Tue 1 Dec 20:00–Thu 3 Dec 22:00 your time (theirs too)', 'a day or more: the end has its day')
})

t.test('the pickers offer quarter hours, a stretch ending at 24:00', async (t) => {
  t.same([START_TIMES.length, START_TIMES[0], START_TIMES.at(-1)], [96, '00:00', '23:45'])
  t.same([END_TIMES.length, END_TIMES[0], END_TIMES.at(-1)], [96, '00:15', '24:00'])
})

t.test("a stretch added to a day follows the day's last one", async (t) => {
  t.same(addedStretch([], 2), { weekday: 2, start: '18:00', end: '20:00' }, 'a free day: the evening')
  t.same(addedStretch([{ weekday: 2, start: '07:00', end: '09:30' }, { weekday: 3, start: '20:00', end: '23:00' }], 2), { weekday: 2, start: '09:30', end: '11:30' })
  t.same(addedStretch([{ weekday: 4, start: '21:00', end: '23:00' }], 4), { weekday: 4, start: '23:00', end: '24:00' }, 'never past midnight')
})

t.test('a week compares equal whatever the order it is listed in; a row finds its own message', async (t) => {
  const a = { weekday: 1, start: '07:00', end: '08:00' }
  const b = { weekday: 0, start: '18:00', end: '20:00' }
  t.ok(sameHours([a, b], [b, a]))
  t.notOk(sameHours([a, b], [b]))
  const errors = { 'hours.1.end': 'The end must be after the start (use 24:00 for midnight)', 'hours.10.start': 'start must be a time from 00:00 to 23:45, on the quarter hour' }
  t.equal(rowProblem(errors, 1), 'The end must be after the start (use 24:00 for midnight)')
  t.equal(rowProblem(errors, 0), undefined)
})

t.test('unsaved hours are kept per account in this tab, and forgotten once saved', async (t) => {
  const store = new Map<string, string>()
  const fake = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) }
  Object.assign(globalThis, { sessionStorage: fake })
  t.teardown(() => void Reflect.deleteProperty(globalThis, 'sessionStorage'))
  // Overlapping: not yet valid, kept all the same so the person can fix it after a reload.
  const week = [{ weekday: 0, start: '18:00', end: '20:00' }, { weekday: 0, start: '19:00', end: '21:00' }]
  keepHours(7, week)
  t.same(keptHours(7), week)
  t.equal(keptHours(8), null, "another account's tab holds nothing")
  forgetHours(7)
  t.equal(keptHours(7), null)
  store.set('plab.weeklyHours.9', '{"hours": "Mondays"}')
  t.equal(keptHours(9), null, 'what is not a week is ignored')
})
