import t from 'tap'
import { stationResult } from '../../schemas/session/station-result.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { disagreementKey, groupByStation } from '../../web/dashboard/stations.ts'
import { storedScores } from '../session-domain/fixtures.ts'

/**
 * The dashboard's stations: one per session round, raters side by side, gaps of 2 or more marked. The mark
 * scheme is the decider tests': c1 Data gathering (direct), c2 Management through s1 Plan and s2 Safety net.
 */

function item(id: number, sessionId: number, round: number, role: 'patient' | 'observer', scores = storedScores()): FeedbackReceivedItem {
  return {
    id, sessionId, sessionCode: `S${sessionId}`, sessionTitle: 'Practice', fromUser: role, fromUserEmail: null, fromUserRole: role, toUser: 'Dora',
    toUserEmail: null, comment: '', overallPerformance: 0, timestamp: `2026-11-2${id}T10:00:00.000Z`, criteriaScores: scores, roundNumber: round,
    caseTitle: 'Chest pain', caseId: 1, category: 'Cardiology', ...stationResult(scores), globalJudgement: null, feedbackAreas: [],
  }
}

t.test('one station per session and round, newest first, the patient before the observer', async (t) => {
  const stations = groupByStation([item(4, 2, 1, 'observer'), item(3, 1, 2, 'observer'), item(2, 1, 2, 'patient'), item(1, 1, 1, 'patient')])
  t.same(stations.map((s) => [s.key, s.items.map((i) => i.fromUserRole)]), [
    ['2:1', ['observer']],
    ['1:2', ['patient', 'observer']],
    ['1:1', ['patient']],
  ])
  t.equal(stations[0].disagreements.size, 0, 'one rater disagrees with no one')
})

t.test('criteria, sub-criteria and domains 2 or more apart are disagreements; 1 apart is not', async (t) => {
  // The patient's high marks against the observer's low ones, as in a real run, in miniature.
  const [station] = groupByStation([item(2, 1, 1, 'observer', storedScores(1, 2, 4)), item(1, 1, 1, 'patient', storedScores(4, 3, 2))])
  t.same([...station.disagreements].sort(), [disagreementKey.domain('DATA_GATHERING'), disagreementKey.criterion('c1'), disagreementKey.sub('c2', 's2')].sort())
  t.notOk(station.disagreements.has(disagreementKey.criterion('c2')), 'the means (3 and 2.5) are close even where a sub-criterion is not')
  t.notOk(station.disagreements.has(disagreementKey.sub('c2', 's1')), '2 and 3 are one apart')
  t.notOk(station.disagreements.has(disagreementKey.domain('INTERPERSONAL')), 'a domain neither graded')
})
