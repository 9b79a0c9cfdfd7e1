import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { gradedCriteria, seedFeedback, type FeedbackSeed } from '../helpers/feedback-history.ts'

/**
 * The progress report's aggregates over a seeded history with every awkward case: feedback from before domains,
 * a station with no observer, a station whose round is still running, topics never practised or no longer in
 * the case bank, an empty history and a single station.
 */

const NOW = Date.UTC(2026, 10, 24, 12)
const DAY = 86_400_000
const ago = (days: number) => new Date(NOW - days * DAY)

const app = await testApp({}, { clock: () => NOW })
t.teardown(() => app.close())
await app.database.db.insertInto('categories').values([{ name: 'Cardiology' }, { name: 'Respiratory' }, { name: 'Paediatrics' }]).execute()

const candidate = await signedInUser(app, { name: 'Cara Candidate' })
const other = await signedInUser(app, { name: 'Otto Other' })
const newcomer = await signedInUser(app, { name: 'Nell Newcomer' })
const single = await signedInUser(app, { name: 'Sid Single' })
const busy = await signedInUser(app, { name: 'Bea Busy' })

const station = (toUserId: number, sessionId: number, round: number, at: Date, category: string) => ({ toUserId, sessionId, round, at, category })
const history: FeedbackSeed[] = [
  // Before domains: no criterion has one, so no domain is graded and there is no station score.
  { ...station(candidate.id, 101, 1, ago(100), 'Cardiology'), fromRole: 'PATIENT', criteria: [{ name: 'History taking', score: 0 }, { name: 'Rapport', score: 4 }] },
  { ...station(candidate.id, 101, 1, ago(100), 'Cardiology'), fromRole: 'OBSERVER', criteria: [{ name: 'History taking', score: 0 }, { name: 'Rapport', score: 4 }] },
  // Patient 12, observer 7 (Borderline): they differ by 5.
  { ...station(candidate.id, 102, 1, ago(40), 'Cardiology'), fromRole: 'PATIENT', criteria: gradedCriteria(4, 4, 4) },
  { ...station(candidate.id, 102, 1, ago(40), 'Cardiology'), fromRole: 'OBSERVER', criteria: gradedCriteria(2, 2, 3), judgement: 'BORDERLINE', areas: ['TIME', 'MANAGEMENT'] },
  // Patient 8, observer 7 (Satisfactory).
  { ...station(candidate.id, 102, 2, ago(20), 'Respiratory'), fromRole: 'PATIENT', criteria: gradedCriteria(3, 2, 3) },
  { ...station(candidate.id, 102, 2, ago(20), 'Respiratory'), fromRole: 'OBSERVER', criteria: gradedCriteria(3, 2, 2), judgement: 'SATISFACTORY', areas: ['TIME'] },
  // No observer; a topic no longer in the case bank.
  { ...station(candidate.id, 103, 1, ago(3), 'Ethics'), fromRole: 'PATIENT', criteria: gradedCriteria(1, 1, 2) },
  // The round is still being scored: not shown yet, so not counted.
  { ...station(candidate.id, 104, 1, ago(0.01), 'Paediatrics'), fromRole: 'OBSERVER', criteria: gradedCriteria(0, 0, 0), judgement: 'UNSATISFACTORY', areas: ['RAPPORT'], running: true },
  // Someone else's feedback, in a topic of their own.
  { ...station(other.id, 105, 1, ago(2), 'Paediatrics'), fromRole: 'OBSERVER', criteria: gradedCriteria(0, 0, 0), judgement: 'UNSATISFACTORY', areas: ['RAPPORT'] },
  { ...station(single.id, 106, 1, ago(5), 'Respiratory'), fromRole: 'PATIENT', criteria: gradedCriteria(2, 3, 4) },
  // Four stations within one day, getting better: 1, 4, 7 and 10 out of 12.
  ...[1, 2, 3, 4].map((round): FeedbackSeed => ({ ...station(busy.id, 107, round, new Date(NOW - DAY + round * 3_600_000), 'Surgery'), fromRole: 'PATIENT', criteria: gradedCriteria(round, round - 1, round - 1) })),
]
await seedFeedback(app.database.db, history)

const progress = async (user: { auth: Record<string, string> }, query = '') => {
  const response = await call(app.app, { method: 'GET', url: `/api/progress${query}`, headers: user.auth })
  if (response.status !== 200) throw new Error(`GET /api/progress${query}: ${response.status} ${JSON.stringify(response.json)}`)
  return response.json
}
const noDomains = { DATA_GATHERING: null, CLINICAL_MANAGEMENT: null, INTERPERSONAL: null }

t.test(`all time: every section of the report (${databaseKind()})`, async (t) => {
  const report = await progress(candidate)
  t.equal(report.days, null)
  t.same(report.headline, {
    stations: 4,
    stationsLast7Days: 1,
    stationsLast30Days: 2,
    unscoredStations: 1,
    recentScore: { mean: 7, stations: 3 },
    recentJudgement: { satisfactoryOrGood: 1, judged: 2 },
  })
  t.same(report.trend, [
    { at: ago(100).toISOString(), topic: 'Cardiology', stationScore: null, rollingMean: null, domains: noDomains },
    { at: ago(40).toISOString(), topic: 'Cardiology', stationScore: 9.5, rollingMean: 9.5, domains: { DATA_GATHERING: 3, CLINICAL_MANAGEMENT: 3, INTERPERSONAL: 3.5 } },
    { at: ago(20).toISOString(), topic: 'Respiratory', stationScore: 7.5, rollingMean: 8.5, domains: { DATA_GATHERING: 3, CLINICAL_MANAGEMENT: 2, INTERPERSONAL: 2.5 } },
    { at: ago(3).toISOString(), topic: 'Ethics', stationScore: 4, rollingMean: 7, domains: { DATA_GATHERING: 1, CLINICAL_MANAGEMENT: 1, INTERPERSONAL: 2 } },
  ])
  t.same(report.domains, [
    { domain: 'DATA_GATHERING', mean: 2.6, ratings: 5 },
    { domain: 'CLINICAL_MANAGEMENT', mean: 2.2, ratings: 5 },
    { domain: 'INTERPERSONAL', mean: 2.8, ratings: 5 },
  ])
  t.equal(report.unassignedFeedback, 2, 'the two feedbacks from before domains are unassigned, not zeros')
  t.same(report.weakest, [
    { kind: 'criterion', criterion: 'History taking', mean: 1.86, ratings: 7 },
    { kind: 'domain', domain: 'CLINICAL_MANAGEMENT', mean: 2.2, ratings: 5 },
    { kind: 'criterion', criterion: 'Management plan', mean: 2.2, ratings: 5 },
  ])
  t.same(report.areas, [
    { area: 'TIME', count: 2 },
    { area: 'MANAGEMENT', count: 1 },
  ])
  t.same(report.agreement, { compared: 2, differByTwoOrMore: 1, meanDifference: 3 })
  t.same(report.coverage, [
    { category: 'Cardiology', stations: 2, meanScore: 9.5, lastPractisedAt: ago(40).toISOString() },
    { category: 'Ethics', stations: 1, meanScore: 4, lastPractisedAt: ago(3).toISOString() },
    { category: 'Paediatrics', stations: 0, meanScore: null, lastPractisedAt: null },
    { category: 'Respiratory', stations: 1, meanScore: 7.5, lastPractisedAt: ago(20).toISOString() },
  ])
  // Issue 32: every station type is listed, never practised ones at 0; these cases have no type (older shape).
  t.equal(report.stationTypes.length, 9)
  t.same(report.stationTypes.filter((row: { stations: number }) => row.stations > 0), [{ stationType: null, stations: 4, meanScore: 7, lastPractisedAt: ago(3).toISOString() }])
})

t.test('the last 30 days leave the older stations out of every section', async (t) => {
  const report = await progress(candidate, '?days=30')
  t.equal(report.days, 30)
  t.same(report.headline, {
    stations: 2,
    stationsLast7Days: 1,
    stationsLast30Days: 2,
    unscoredStations: 0,
    recentScore: { mean: 5.75, stations: 2 },
    recentJudgement: { satisfactoryOrGood: 1, judged: 1 },
  })
  t.same(report.trend.map((point: { at: string }) => point.at), [ago(20).toISOString(), ago(3).toISOString()])
  t.equal(report.trend[0].rollingMean, 7.5, 'the rolling mean starts within the period')
  t.equal(report.unassignedFeedback, 0)
  t.same(report.agreement, { compared: 1, differByTwoOrMore: 0, meanDifference: 1 })
  t.same(report.areas, [{ area: 'TIME', count: 1 }])
  t.same(
    report.coverage.map((topic: { category: string; stations: number }) => [topic.category, topic.stations]),
    [['Cardiology', 0], ['Ethics', 1], ['Paediatrics', 0], ['Respiratory', 1]],
  )
  const ninety = await progress(candidate, '?days=90')
  t.equal(ninety.headline.stations, 3, '90 days: all but the station of 100 days ago')
})

t.test('an empty history: zeros where something is counted, nulls where nothing could be measured', async (t) => {
  const report = await progress(newcomer)
  t.same(report.headline, {
    stations: 0,
    stationsLast7Days: 0,
    stationsLast30Days: 0,
    unscoredStations: 0,
    recentScore: { mean: null, stations: 0 },
    recentJudgement: { satisfactoryOrGood: 0, judged: 0 },
  })
  t.same(report.trend, [])
  t.same(report.domains.map((domain: { mean: null; ratings: number }) => [domain.mean, domain.ratings]), [[null, 0], [null, 0], [null, 0]])
  t.same([report.weakest, report.areas, report.unassignedFeedback], [[], [], 0])
  t.same(report.agreement, { compared: 0, differByTwoOrMore: 0, meanDifference: null })
  t.same(
    report.coverage.map((topic: { category: string; stations: number }) => [topic.category, topic.stations]),
    [['Cardiology', 0], ['Paediatrics', 0], ['Respiratory', 0]],
    'every topic of the bank is listed as never practised',
  )
})

t.test('one station with no observer: no judgement share, no agreement, nothing weak on a single rating', async (t) => {
  const report = await progress(single)
  t.match(report.headline, { stations: 1, recentScore: { mean: 9, stations: 1 }, recentJudgement: { satisfactoryOrGood: 0, judged: 0 } })
  t.same(report.trend, [{ at: ago(5).toISOString(), topic: 'Respiratory', stationScore: 9, rollingMean: 9, domains: { DATA_GATHERING: 2, CLINICAL_MANAGEMENT: 3, INTERPERSONAL: 4 } }])
  t.same(report.weakest, [], `a point needs at least 2 ratings`)
  t.same(report.agreement, { compared: 0, differByTwoOrMore: 0, meanDifference: null })
})

t.test('four stations in one day are four points of the trend, in the order they were played (issue 29)', async (t) => {
  const report = await progress(busy)
  t.same(
    report.trend.map((point: { at: string; stationScore: number; rollingMean: number }) => [point.at, point.stationScore, point.rollingMean]),
    [1, 2, 3, 4].map((round) => [new Date(NOW - DAY + round * 3_600_000).toISOString(), 3 * round - 2, [1, 2.5, 4, 5.5][round - 1]]),
  )
})

t.test('only one’s own progress, only signed in, and the period is checked', async (t) => {
  const mine = await progress(other)
  t.same([mine.headline.stations, mine.areas], [1, [{ area: 'RAPPORT', count: 1 }]], 'nothing of the candidate’s feedback')
  const anonymous = await call(app.app, { method: 'GET', url: '/api/progress' })
  t.equal(anonymous.status, 401)
  const week = await call(app.app, { method: 'GET', url: '/api/progress?days=7', headers: candidate.auth })
  t.same([week.status, week.json.validationErrors], [400, { days: 'days must be 90 or 30, or all' }])
  const userParam = await call(app.app, { method: 'GET', url: `/api/progress?userId=${candidate.id}`, headers: other.auth })
  t.same([userParam.status, userParam.json.headline.stations], [200, 1], 'naming another user changes nothing: the caller’s own report')
})

t.test('stations are counted under the station type of their case', async (t) => {
  const { db } = app.database
  const category = await db.selectFrom('categories').select('id').where('name', '=', 'Cardiology').executeTakeFirstOrThrow()
  const station = { stationType: 'TELEPHONE', mlaAreas: ['CARDIOVASCULAR'], difficulty: 'CORE', candidate: { setting: 'x', tasks: ['x'], notNeeded: [] }, patient: { persona: 'x', openingLine: 'x', facts: [{ id: 'f', text: 'x', reveal: 'VOLUNTEER' }], cues: [], questions: [] }, checklist: [] }
  const row = await db
    .insertInto('cases')
    .values({ title: 'Telephone station', description: '', category_id: category.id, doctor_notes: '', patient_notes: '', doctor_sections: '[]', patient_sections: '[]', visual_data: null, image_url: null, feedback_criteria: '[]', is_recall_case: false, station: JSON.stringify(station) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('feedback').set({ case_id: row.id }).where('session_id', '=', 103).execute()
  const report = await progress(candidate)
  const practised = report.stationTypes.filter((type: { stations: number }) => type.stations > 0).map((type: { stationType: string | null; stations: number; meanScore: number | null }) => [type.stationType, type.stations, type.meanScore])
  t.same(practised, [['TELEPHONE', 1, 4], [null, 3, 8.5]])
})
