import t from 'tap'
import type { Domain } from '../../schemas/marking.ts'
import { stationResult } from '../../schemas/session/station-result.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { disagreementKey, groupByStation } from '../../web/dashboard/stations.ts'

/** The dashboard's stations: one per session round, raters side by side, gaps of 2 or more marked. */

function item(id: number, sessionId: number, round: number, role: 'patient' | 'observer', [history, plan, empathy, clarity]: number[]): FeedbackReceivedItem {
  const direct = (criterionId: string, domain: Domain, score: number): CriterionScore => ({ criterionId, criterionName: criterionId, domain, score, subScores: [] })
  const criteriaScores: CriterionScore[] = [
    direct('history', 'DATA_GATHERING', history),
    direct('plan', 'CLINICAL_MANAGEMENT', plan),
    {
      criterionId: 'comms',
      criterionName: 'Communication',
      domain: 'INTERPERSONAL',
      score: null,
      subScores: [
        { subCriterionId: 'empathy', subCriterionName: 'Empathy', score: empathy },
        { subCriterionId: 'clarity', subCriterionName: 'Clarity', score: clarity },
      ],
    },
  ]
  return {
    id, sessionId, sessionCode: `S${sessionId}`, sessionTitle: 'Practice', fromUser: role, fromUserEmail: null, fromUserRole: role, toUser: 'Dora',
    toUserEmail: null, comment: '', overallPerformance: 0, timestamp: `2026-11-2${id}T10:00:00.000Z`, criteriaScores, roundNumber: round,
    caseTitle: 'Chest pain', caseId: 1, category: 'Cardiology', ...stationResult(criteriaScores), globalJudgement: null, feedbackAreas: [],
  }
}

t.test('one station per session and round, newest first, the patient before the observer', async (t) => {
  const items = [item(4, 2, 1, 'observer', [3, 3, 3, 3]), item(3, 1, 2, 'observer', [3, 3, 3, 3]), item(2, 1, 2, 'patient', [3, 3, 3, 3]), item(1, 1, 1, 'patient', [3, 3, 3, 3])]
  const stations = groupByStation(items)
  t.same(stations.map((s) => [s.key, s.items.map((i) => i.fromUserRole)]), [
    ['2:1', ['observer']],
    ['1:2', ['patient', 'observer']],
    ['1:1', ['patient']],
  ])
  t.equal(stations[0].disagreements.size, 0, 'one rater disagrees with no one')
})

t.test('criteria, sub-criteria and domains 2 or more apart are disagreements; 1 apart is not', async (t) => {
  // The patient's 16/20 against the observer's 10/20 of a real run, in miniature.
  const [station] = groupByStation([item(2, 1, 1, 'observer', [1, 2, 4, 1]), item(1, 1, 1, 'patient', [4, 3, 2, 2])])
  t.same([...station.disagreements].sort(), [
    disagreementKey.domain('DATA_GATHERING'),
    disagreementKey.criterion('history'),
    disagreementKey.sub('comms', 'empathy'),
  ].sort())
  t.notOk(station.disagreements.has(disagreementKey.criterion('comms')), 'the means (2 and 2.5) are close even where a sub-criterion is not')
  t.notOk(station.disagreements.has(disagreementKey.criterion('plan')), '3 and 2 are one apart')
})
