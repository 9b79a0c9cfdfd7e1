import t from 'tap'
import { criterionBand, overallBand } from '../../web/dashboard/score-bands.ts'

t.test('criterion bands: 3.2 or more good, 2.4 or more medium, else poor', async (t) => {
  t.same([4, 3.2, 3.19, 2.4, 2.39, 0].map(criterionBand), ['high', 'high', 'medium', 'medium', 'low', 'low'])
})

t.test('the overall band follows the mean per criterion, so it agrees with the criteria under it', async (t) => {
  t.equal(overallBand(8.33, 4), 'low', '8.33 / 16: every criterion about 2 is poor, and so is the whole')
  t.equal(overallBand(15, 5), 'medium', '15 / 20: all medium')
  t.equal(overallBand(6.5, 2), 'high', '6.5 / 8')
  t.equal(overallBand(9.6, 3), 'high', 'the same mean of 3.2 is strong with any number of criteria')
  t.equal(overallBand(16, 5), 'high')
  t.equal(overallBand(0, 0), 'low', 'no criteria: nothing to praise')
})
