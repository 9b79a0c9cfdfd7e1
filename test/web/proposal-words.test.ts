import t from 'tap'
import { bothClocks } from '../../web/partners/proposal-words.ts'

/** A proposed time on both clocks (issue 36): the proposer's and the other person's, their zone named. */

t.test('one instant on my clock and theirs, each with its day', async (t) => {
  const evening = Date.parse('2026-12-01T19:00:00Z')
  t.equal(bothClocks(evening, 'Europe/London', { name: 'Kamran', timeZone: 'Asia/Karachi' }, 'en-GB'), 'Tue 1 Dec 19:00 your time = Wed 2 Dec 00:00 their time (Asia/Karachi)')
  t.equal(bothClocks(evening, 'Asia/Karachi', { name: 'Lena', timeZone: 'Europe/London' }, 'en-GB'), 'Wed 2 Dec 00:00 your time = Tue 1 Dec 19:00 their time (Europe/London)')
  t.equal(bothClocks(evening, 'Europe/London', { name: 'Ann', timeZone: 'Europe/London' }, 'en-GB'), 'Tue 1 Dec 19:00 your time (theirs too)', 'one zone: one clock')
  t.equal(bothClocks(evening, 'Europe/London', { name: 'Ann', timeZone: null }, 'en-GB'), 'Tue 1 Dec 19:00 your time (Ann has not set a time zone)')
})
