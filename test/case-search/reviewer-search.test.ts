import t from 'tap'
import { REVERSED_RECALL_RANGE } from '../../schemas/case-search.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { seedBank } from '../sessions/helpers.ts'
import { idsOf, rate, seedStation } from './seed.ts'

/**
 * GET /api/cases/search (issue 35): a reviewer's full-text search over the whole case, and every filter, on a bank
 * whose cases differ in one way each.
 */
const app = await testApp()
t.teardown(() => app.close())
const db = app.database.db

const chest = await seedStation(db, { topic: 'Cardiology', stationType: 'HISTORY', mlaAreas: ['CARDIOVASCULAR'], difficulty: 'CORE', setting: 'GP surgery', scriptFact: 'a crushing pain in the chest', recallDates: ['2025-03-10'] })
const asthma = await seedStation(db, { topic: 'Respiratory', stationType: 'EXPLANATION', mlaAreas: ['RESPIRATORY'], difficulty: 'CHALLENGING', setting: 'Community pharmacy', scriptFact: 'wheeze at night', recallDates: ['2025-06-01'] })
const phone = await seedStation(db, { topic: 'Respiratory', stationType: 'TELEPHONE', mlaAreas: ['RESPIRATORY', 'CHILD_HEALTH'], difficulty: 'STANDARD', setting: 'Out of hours', scriptFact: 'a child with a cough' })
const [older] = await seedBank(db, { Dermatology: 1 })
await rate(db, chest, [[5, 3], [4, 2]])
await rate(db, asthma, [[2, 5]])
await db.insertInto('case_problem_reports').values([
  { case_id: asthma, case_version: 1, kind: 'WRONG_FACT' },
  { case_id: asthma, case_version: 1, kind: 'UNCLEAR' },
  { case_id: asthma, case_version: 1, kind: 'OTHER', status: 'RESOLVED' },
]).execute()

const reviewer = await signedInUser(app, { name: 'Rita Reviewer' })
await db.updateTable('users').set({ role: 'REVIEWER' }).where('id', '=', reviewer.id).execute()
const admin = await signedInUser(app, { role: 'ADMIN' })
const user = await signedInUser(app)

const search = (query: string, who = reviewer) => call(app.app, { method: 'GET', url: `/api/cases/search?${query}`, headers: who.auth })
const found = async (query: string) => {
  const answer = await search(query)
  if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${JSON.stringify(answer.json)}`)
  return idsOf(answer.json)
}

t.test(`full text over the whole case, stemmed, best match first (${databaseKind()})`, async (t) => {
  t.same(await found('q=pains'), [chest], '"pains" finds the script\'s "pain"')
  t.same(await found('q=wheezing'), [asthma], 'and "wheezing" its "wheeze"')
  t.same(await found('q=pharmacy'), [asthma], "the candidate's setting too")
  t.same(new Set(await found('q=description')), new Set([chest, asthma, phone]), 'the descriptions')
  t.same(await found('q=consultation'), [older], "a description of a case in the older shape (\"A Dermatology consultation\")")
  t.same(await found('q=briefs'), [older], "and its doctor's script (\"Doctor brief for ...\")")
  t.same(await found('q=PATIENT-SCRIPT-SECRET'), [older], "and its patient's script")
  t.same(await found('q=nothing+like+this'), [], 'no match, no case')
  t.same(await found('q=the'), [], 'only a word too common to index: no case, and no error')
  t.same(await found('q=%22%22+-'), [], 'nor from only punctuation')
  t.equal((await found('q=%20%20')).length, 4, 'blank text is no text search')
  const titled = await search('q=respiratory')
  t.same(new Set(idsOf(titled.json)), new Set([asthma, phone]), 'both respiratory cases')
  t.ok(titled.json.cases.every((hit: { rank: number }) => hit.rank > 0), 'each with its rank')
  const ranks = titled.json.cases.map((hit: { rank: number }) => hit.rank)
  t.same(ranks, [...ranks].sort((a, b) => b - a), 'best first')
})

t.test('each filter narrows the bank', async (t) => {
  t.equal((await search('')).json.total, 4, 'no filter: every case, stations or not')
  t.same(await found('topic=Respiratory'), [asthma, phone], 'by topic name (by title when not searching)')
  const respiratoryId = (await db.selectFrom('categories').select('id').where('name', '=', 'Respiratory').executeTakeFirstOrThrow()).id
  t.same(new Set(await found(`topic=${respiratoryId}`)), new Set([asthma, phone]), 'or by its id')
  t.same(await found('stationType=TELEPHONE'), [phone], 'by station type')
  t.same(new Set(await found('mlaArea=RESPIRATORY')), new Set([asthma, phone]), 'by MLA area')
  t.same(await found('mlaArea=CHILD_HEALTH'), [phone])
  t.same(await found('difficulty=CHALLENGING'), [asthma], 'by difficulty')
  t.same(await found('minRealism=4.5'), [chest], 'by mean realism (4.5)')
  t.same(new Set(await found('minRealism=2')), new Set([chest, asthma]), 'a case nobody rated has no realism to pass')
  t.same(await found('recallFrom=2025-03-01&recallTo=2025-03-31'), [chest], 'by recall date, both ends')
  t.same(await found('recallFrom=2025-04-01'), [asthma], 'from a date on')
  t.same(await found('recallTo=2025-03-10'), [chest], 'up to a date, included')
  t.same(await found('topic=Respiratory&difficulty=STANDARD'), [phone], 'filters together')
  t.same(await found('q=child&stationType=EXPLANATION'), [], 'text and filter together')
  t.ok((await found('topic=Dermatology')).includes(older), 'a case in the older shape is found by reviewers')
})

t.test('answers ratings, open problems and what a reviewer needs', async (t) => {
  const hit = (await search('difficulty=CHALLENGING')).json.cases[0]
  t.match(hit, { id: asthma, topic: 'Respiratory', stationType: 'EXPLANATION', difficulty: 'CHALLENGING', mlaAreas: ['RESPIRATORY'], recallDates: ['2025-06-01'], version: 1, contributorName: null })
  t.same(hit.ratings, { count: 1, meanRealism: 2, meanDifficulty: 5 })
  t.equal(hit.openProblems, 2, 'the resolved report is not counted')
  t.match(hit.title, /Respiratory/)
  const chestHit = (await search('stationType=HISTORY')).json.cases[0]
  t.same(chestHit.ratings, { count: 2, meanRealism: 4.5, meanDifficulty: 2.5 })
  t.same((await search('stationType=TELEPHONE')).json.cases[0].ratings, { count: 0, meanRealism: null, meanDifficulty: null })
})

t.test('pages', async (t) => {
  const first = (await search('pageSize=3')).json
  const second = (await search('pageSize=3&page=1')).json
  t.same([first.cases.length, second.cases.length, first.total, second.total], [3, 1, 4, 4])
  t.same(new Set([...idsOf(first), ...idsOf(second)]).size, 4, 'no case twice')
})

t.test('refused in words', async (t) => {
  const reversed = await search('recallFrom=2025-06-01&recallTo=2025-01-01')
  t.same([reversed.status, reversed.json.error, reversed.json.validationErrors], [400, REVERSED_RECALL_RANGE, { recallTo: REVERSED_RECALL_RANGE }])
  t.match((await search('recallFrom=2025-02-30')).json.error, /real calendar date/)
  t.match((await search('minRealism=6')).json.error, /minRealism must be a number from 1 to 5/)
  t.match((await search('stationType=SURGERY')).json.error, /station types/)
  t.match((await search(`q=${'a'.repeat(201)}`)).json.error, /at most 200 characters/)
  t.match((await search('pageSize=501')).json.error, /pageSize/)
  t.match((await search('notPlayedByMe=yes')).json.error, /true or false/)
})

t.test('reviewers and admins only', async (t) => {
  t.equal((await search('', user)).status, 403, 'a candidate is refused')
  t.equal((await call(app.app, { method: 'GET', url: '/api/cases/search' })).status, 401)
  t.equal((await search('', admin)).status, 200, 'an admin may')
})
