import t from 'tap'
import { DOMAINS, type Domain } from '../../schemas/marking.ts'
import { gradeOfMean, stationResult } from '../../schemas/session/station-result.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'

/** The exam's station result (../shared/PLAB2.md): per-domain means to A-E (4-0), the station score out of 12. */

const direct = (id: string, domain: Domain | null | undefined, score: number | null): CriterionScore => ({
  criterionId: id,
  criterionName: id,
  ...(domain === undefined ? {} : { domain }),
  score,
  subScores: [],
})

const throughSubs = (id: string, domain: Domain, ...scores: number[]): CriterionScore => ({
  criterionId: id,
  criterionName: id,
  domain,
  score: null,
  subScores: scores.map((score, index) => ({ subCriterionId: `${id}.${index}`, subCriterionName: `${id}.${index}`, score })),
})

t.test('grade boundaries: halves go up, A 4 down to E 0', async (t) => {
  const cases: Array<[number, string, number]> = [
    [4, 'A', 4], [3.5, 'A', 4], [3.49, 'B', 3], [3, 'B', 3], [2.5, 'B', 3],
    [2.49, 'C', 2], [2, 'C', 2], [1.5, 'C', 2], [1.49, 'D', 1], [1, 'D', 1],
    [0.5, 'D', 1], [0.49, 'E', 0], [0, 'E', 0],
  ]
  for (const [mean, grade, points] of cases) t.same(gradeOfMean(mean), { grade, points }, `${mean} is ${grade}`)
  // A mean of thirds that a person would call 2.5 is not pushed below the boundary by floating point.
  t.same(gradeOfMean((2 + 3 + 2.5) / 3), { grade: 'B', points: 3 })
  t.same(gradeOfMean(7 / 3 + 1 / 6), { grade: 'B', points: 3 }, '2.4999... reads as 2.5')
})

t.test('each domain is the mean of its criteria; a criterion with sub-criteria counts once, as their mean', async (t) => {
  const result = stationResult([
    direct('history', 'DATA_GATHERING', 4),
    direct('examination', 'DATA_GATHERING', 3),
    throughSubs('plan', 'CLINICAL_MANAGEMENT', 1, 2, 1, 2),
    direct('safety-net', 'CLINICAL_MANAGEMENT', 0),
    direct('rapport', 'INTERPERSONAL', 2),
  ])
  t.same(result.domainScores, [
    { domain: 'DATA_GATHERING', mean: 3.5, grade: 'A', points: 4, criteriaCount: 2 },
    { domain: 'CLINICAL_MANAGEMENT', mean: 0.75, grade: 'D', points: 1, criteriaCount: 2 },
    { domain: 'INTERPERSONAL', mean: 2, grade: 'C', points: 2, criteriaCount: 1 },
  ])
  t.equal(result.stationScore, 7)
})

t.test('the station score runs from 0 to 12', async (t) => {
  const all = (score: number) => DOMAINS.map((domain) => direct(domain, domain, score))
  t.equal(stationResult(all(4)).stationScore, 12)
  t.equal(stationResult(all(0)).stationScore, 0)
  t.same(stationResult(all(0)).domainScores.map((d) => d.grade), ['E', 'E', 'E'])
})

t.test('no station score unless every domain is graded: unassigned criteria and feedback from before domains', async (t) => {
  const partial = stationResult([direct('history', 'DATA_GATHERING', 3), direct('old', null, 4), direct('older', undefined, 4)])
  t.equal(partial.stationScore, null)
  t.same(partial.domainScores.map((d) => [d.domain, d.grade, d.criteriaCount]), [
    ['DATA_GATHERING', 'B', 1],
    ['CLINICAL_MANAGEMENT', null, 0],
    ['INTERPERSONAL', null, 0],
  ])
  t.same(stationResult([]).domainScores.map((d) => d.mean), [null, null, null])
})
