import t from 'tap'
import { SCORE_DESCRIPTORS, scoreWord } from '../../schemas/session/feedback-scores.ts'
import { gradeOfMean } from '../../schemas/session/station-result.ts'
import { criterionBand } from '../../web/dashboard/score-bands.ts'

t.test('criterion bands (colour only): 3.2 or more good, 2.4 or more medium, else poor', async (t) => {
  t.same([4, 3.2, 3.19, 2.4, 2.39, 0].map(criterionBand), ['high', 'high', 'medium', 'medium', 'low', 'low'])
})

t.test("a score is named with the form's word for its step, a mean with its nearest step's (issue 29)", async (t) => {
  t.same([0, 1, 2, 3, 4].map(scoreWord), ['Not done', 'Poor', 'Adequate', 'Good', 'Excellent'], 'the words the form shows')
  t.same([0, 1, 2, 3, 4].map(scoreWord), SCORE_DESCRIPTORS, 'one list of words')
  t.same([0.49, 0.5, 2.49, 2.5, 3.49, 3.5].map(scoreWord), ['Not done', 'Poor', 'Adequate', 'Good', 'Good', 'Excellent'], 'halves up')
  t.equal(scoreWord(7 / 3 + 1 / 6), 'Good', 'a mean of 2.4999... is the 2.5 a person computes')
  for (const mean of [0.2, 1.5, 2.5, 3.3, 3.5]) t.equal(scoreWord(mean), SCORE_DESCRIPTORS[gradeOfMean(mean).points], `${mean}: the step its domain grade counts`)
})
