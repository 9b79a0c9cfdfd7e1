import t from 'tap'
import { instantOfWallTime, wallTimeIn, writtenTime, zoneOffsetAt } from '../../schemas/time-zones.ts'

/** The one module of zone conversions (issue 30, item 8): wall times of a zone to instants and back, written times. */

t.test('a wall time is read in the zone it is given, not the machine\'s', async (t) => {
  const karachi = instantOfWallTime('2026-11-29T20:00', 'Asia/Karachi')
  t.equal(new Date(karachi!).toISOString(), '2026-11-29T15:00:00.000Z', '20:00 in Karachi is 15:00 UTC')
  t.equal(new Date(instantOfWallTime('2026-11-29T20:00', 'America/New_York')!).toISOString(), '2026-11-30T01:00:00.000Z')
  t.equal(wallTimeIn(karachi!, 'Asia/Karachi'), '2026-11-29T20:00', 'and back')
  t.equal(wallTimeIn(karachi!, 'UTC'), '2026-11-29T15:00')
  t.equal(zoneOffsetAt(karachi!, 'Asia/Karachi'), 5 * 3_600_000)
})

t.test('around a change of offset', async (t) => {
  t.equal(new Date(instantOfWallTime('2026-07-01T12:00', 'Europe/London')!).toISOString(), '2026-07-01T11:00:00.000Z', 'summer time')
  t.equal(new Date(instantOfWallTime('2026-03-29T00:30', 'Europe/London')!).toISOString(), '2026-03-29T00:30:00.000Z', 'just before the spring change')
  t.equal(new Date(instantOfWallTime('2026-03-29T02:30', 'Europe/London')!).toISOString(), '2026-03-29T01:30:00.000Z', 'just after it')
  t.equal(wallTimeIn(instantOfWallTime('2026-03-29T01:30', 'Europe/London')!, 'Europe/London'), '2026-03-29T02:30', 'a skipped wall time lands after the gap')
})

t.test('what is not a wall time is refused', async (t) => {
  for (const wall of ['', '2026-11-29', '2026-11-31T10:00', '2026-13-01T10:00', '2026-11-29T24:00', '0050-01-01T10:00', '2026-11-29T20:00Z']) {
    t.equal(instantOfWallTime(wall, 'UTC'), null, wall || 'empty')
  }
})

t.test('a written time follows the locale and names the zone when asked', async (t) => {
  const at = Date.parse('2026-11-29T15:00:00Z')
  t.equal(writtenTime(at, { zone: 'Asia/Karachi', locale: 'en-GB', nameZone: true }), 'Sun 29 Nov, 20:00 GMT+5')
  t.equal(writtenTime(at, { zone: 'Asia/Karachi', locale: 'en-GB', nameZone: false }), 'Sun 29 Nov, 20:00')
  t.match(writtenTime(at, { zone: 'America/New_York', locale: 'en-US', nameZone: true }), /^Sun, Nov 29, 10:00\sAM EST$/)
  t.match(writtenTime(at, { zone: 'Europe/Berlin', locale: 'de-DE', nameZone: false, length: 'long' }), /^Sonntag, 29\. November 2026 um 16:00$/)
})
