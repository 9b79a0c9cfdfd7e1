import t from 'tap'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { stationResult } from '../../schemas/session/station-result.ts'
import { applyFeedbackFilter, describeFeedbackFilter, feedbackFilterHref, readFeedbackFilter, type FeedbackFilter } from '../../web/dashboard/feedback-filter.ts'

/** The dashboard's filter from the progress page's links: the address it writes is the one it reads back. */

const NOW = Date.UTC(2026, 10, 24, 12)
const DAY = 86_400_000

function item(id: number, daysAgo: number, fields: Partial<FeedbackReceivedItem> & { graded?: boolean }): FeedbackReceivedItem {
  const criteriaScores = [
    { criterionId: 'a', criterionName: 'History Taking ', domain: fields.graded ? ('DATA_GATHERING' as const) : undefined, score: 2, subScores: [] },
  ]
  const result = stationResult(criteriaScores)
  return {
    id,
    sessionId: 1,
    sessionCode: 'ABCD-EFGH',
    sessionTitle: 'Practice',
    fromUser: 'Pat',
    fromUserEmail: null,
    fromUserRole: 'patient',
    toUser: 'Cara',
    toUserEmail: null,
    comment: '',
    overallPerformance: 2,
    timestamp: new Date(NOW - daysAgo * DAY).toISOString(),
    criteriaScores,
    roundNumber: 1,
    caseTitle: 'Chest pain',
    caseId: null,
    category: 'Cardiology',
    domainScores: result.domainScores,
    stationScore: result.stationScore,
    globalJudgement: null,
    feedbackAreas: [],
    ...fields,
  }
}

const items = [item(1, 1, { graded: true, feedbackAreas: ['TIME'] }), item(2, 50, { category: 'Ethics' }), item(3, 10, { graded: true, category: 'Ethics', feedbackAreas: ['RAPPORT', 'TIME'] })]
const ids = (filter: FeedbackFilter | null) => applyFeedbackFilter(items, filter, NOW).map((shown) => shown.id)
const roundTrip = (filter: FeedbackFilter) => readFeedbackFilter(new URL(feedbackFilterHref(filter), 'http://x').search)

t.test('every kind of filter survives the address it is written into', async (t) => {
  const filters: FeedbackFilter[] = [
    { kind: 'domain', domain: 'INTERPERSONAL', days: 30 },
    { kind: 'criterion', criterion: 'History & "taking", part 2', days: null },
    { kind: 'area', area: 'TIME', days: 90 },
    { kind: 'topic', topic: 'Cardiology & heart', days: null },
  ]
  for (const filter of filters) t.same(roundTrip(filter), filter, filter.kind)
  t.match(feedbackFilterHref({ kind: 'area', area: 'TIME', days: null }), /^\/dashboard\?area=TIME#feedback-received$/)
})

t.test('an address with no filter, or a value that is no code, shows every card', async (t) => {
  for (const search of ['', '?domain=NOPE', '?area=nope', '?criterion=%20%20', '?days=30']) t.equal(readFeedbackFilter(search), null, search)
  t.same(ids(null), [1, 2, 3])
})

t.test('the cards behind each figure', async (t) => {
  t.same(ids({ kind: 'domain', domain: 'DATA_GATHERING', days: null }), [1, 3], 'graded in the domain; feedback before domains is not')
  t.same(ids({ kind: 'criterion', criterion: 'history taking', days: null }), [1, 2, 3], 'criteria by name, case and spaces aside')
  t.same(ids({ kind: 'area', area: 'TIME', days: null }), [1, 3])
  t.same(ids({ kind: 'area', area: 'TIME', days: 7 }), [1], 'the period applies')
  t.same(ids({ kind: 'topic', topic: 'Ethics', days: 30 }), [3])
  t.equal(describeFeedbackFilter({ kind: 'area', area: 'TIME', days: 30 }), 'with the feedback area Time, last 30 days')
})
