import t from 'tap'
import * as v from 'valibot'
import { Station } from '../../schemas/station/station.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { saveCase } from '../../server/content/cases-repo.ts'
import { collectPersonalData } from '../../server/accounts/personal-data.ts'
import { ITEM_TWICE, UNKNOWN_ITEM } from '../../server/solo/solo-marks.ts'
import { MARK_AFTER, NO_SUCH_STATION } from '../../server/solo/solo-routes.ts'
import { DAILY_LIMIT, SOLO_STARTS_PER_DAY, TOO_EARLY_TO_END } from '../../schemas/solo/solo-station.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { seedBank, type User } from '../sessions/helpers.ts'

/**
 * A station practised alone through the HTTP API (issue 34), on the server's clock moved on by the test: the script
 * and checklist stay hidden until the station is over, only its candidate reaches it, the marks are checked as the
 * examiner's are, and they reach Progress as self-marked, apart from every peer figure.
 */
const clock = manualClock()
const app = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(() => app.close())

const STATION = v.parse(Station, {
  stationType: 'HISTORY',
  mlaAreas: ['CARDIOVASCULAR'],
  difficulty: 'STANDARD',
  candidate: { setting: 'General practice.', tasks: ['Take a focused history'], notNeeded: [] },
  patient: {
    persona: 'You are Ann, 58.',
    openingLine: 'My chest felt tight on the stairs.',
    facts: [{ id: 'exertion', text: 'SCRIPT-SECRET worse on exertion', reveal: 'IF_ASKED' }],
    questions: [],
  },
  checklist: [
    { id: 'history', domain: 'DATA_GATHERING', item: 'CHECKLIST-SECRET characterises the pain' },
    { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'CHECKLIST-SECRET arranges an ECG' },
    { id: 'ice', domain: 'INTERPERSONAL', item: 'CHECKLIST-SECRET explores concerns' },
  ],
})

const category = await app.database.db.insertInto('categories').values({ name: 'Cardiology', description: null }).returning('id').executeTakeFirstOrThrow()
const saved = await saveCase(
  app.database.db,
  normaliseCase({ title: 'TITLE-SECRET stable angina', description: 'Chest tightness', category: { id: category.id }, doctorNotes: '', patientNotes: '', doctorSections: [], patientSections: [], visualData: null, imageUrl: null, feedbackCriteria: [], isRecallCase: false, recallDates: [], station: STATION }),
)
if (!saved.ok) throw new Error('station not saved')
// Older cases (no checklist) are never drawn for practice alone.
await seedBank(app.database.db, { Respiratory: 2 })

const api = (user: User) => ({
  get: (url: string) => call(app.app, { method: 'GET', url: `/api${url}`, headers: user.auth }),
  post: (url: string, body: object = {}) => call(app.app, { method: 'POST', url: `/api${url}`, body, headers: user.auth }),
  put: (url: string, body: object) => call(app.app, { method: 'PUT', url: `/api${url}`, body, headers: user.auth }),
})

const full = (score: number) => STATION.checklist.map((item) => ({ criterionId: item.id, criterionName: item.item, score, subScores: [] }))
const marks = { ticks: [{ itemId: 'history', mark: 'DONE', second: 42 }], criteriaScores: full(3), globalJudgement: 'SATISFACTORY', feedbackAreas: [], comment: 'Rushed the plan' }

t.test(`a solo station from start to self-marks (${databaseKind()})`, async (t) => {
  const ann = await signedInUser(app as TestApp, { name: 'Ann Alone' })
  const other = await signedInUser(app as TestApp, { name: 'Nosy Other' })

  const started = await api(ann).post('/solo-stations', { choice: { kind: 'surprise' } })
  t.equal(started.status, 200, JSON.stringify(started.json))
  const id = started.json.id
  t.equal(started.json.phase, 'READING')
  t.same(started.json.timer, { phase: 'READING', startTimestamp: clock.now(), durationSeconds: 90 }, "the exam's timing by default")
  t.equal(started.json.case.id, saved.id, 'a station, never a case without a checklist')
  t.notMatch(JSON.stringify(started.json), /SECRET/, 'no title, script or checklist while the station runs')

  t.equal((await api(other).get(`/solo-stations/${id}`)).json.error, NO_SUCH_STATION, "nobody else's")
  t.equal((await call(app.app, { method: 'GET', url: `/api/solo-stations/${id}` })).status, 401)
  t.equal((await api(ann).put(`/solo-stations/${id}/marks`, marks)).json.error, MARK_AFTER)

  await clock.advance(30_000)
  const consulting = await api(ann).post(`/solo-stations/${id}/move-on`, { from: 'READING' })
  t.same(consulting.json.timer, { phase: 'CONSULTATION', startTimestamp: clock.now(), durationSeconds: 480 }, 'started early')
  await clock.advance(1_000)
  const again = await api(ann).post(`/solo-stations/${id}/move-on`, { from: 'READING' })
  t.equal(again.json.consultationStartedAt, consulting.json.consultationStartedAt, 'a second click changes nothing')
  t.notMatch(JSON.stringify(again.json), /SECRET/)

  await clock.advance(480_000)
  const over = await api(ann).get(`/solo-stations/${id}`)
  t.equal(over.json.phase, 'MARKING', 'over when its clock ran out, with nobody asking')
  t.equal(over.json.endedAt, consulting.json.consultationStartedAt + 480_000)
  t.match(over.json.case.checklist[0].item, /CHECKLIST-SECRET/, 'the checklist once it is over')
  t.match(over.json.case.patientScript.facts[0].text, /SCRIPT-SECRET/, 'and the script')

  const refused = async (body: object) => (await api(ann).put(`/solo-stations/${id}/marks`, { ...marks, ...body })).json.error
  t.equal(await refused({ ticks: [{ itemId: 'nope', mark: 'DONE', second: null }] }), UNKNOWN_ITEM)
  t.equal(await refused({ ticks: [{ itemId: 'plan', mark: 'DONE', second: null }, { itemId: 'plan', mark: 'PARTLY', second: 3 }] }), ITEM_TWICE)
  t.match(await refused({ criteriaScores: full(3).slice(1) }), /ratings for all criteria/, 'every criterion scored')
  t.match(await refused({ globalJudgement: null }), /judgement/, 'a judgement, as the examiner gives')
  t.match(await refused({ globalJudgement: 'BORDERLINE' }), /area/, 'and an area for Borderline')
  t.equal((await api(ann).put(`/solo-stations/${id}/marks`, { ...marks, ticks: 'x' })).status, 400, 'the shape is checked')

  const kept = await api(ann).put(`/solo-stations/${id}/marks`, marks)
  t.equal(kept.status, 200, JSON.stringify(kept.json))
  t.equal(kept.json.marks.stationScore, 9, 'B in each domain: 3 + 3 + 3')
  t.same(kept.json.marks.ticks, marks.ticks, 'the checklist marks with their seconds')
  const changed = await api(ann).put(`/solo-stations/${id}/marks`, { ...marks, criteriaScores: full(4), globalJudgement: 'GOOD' })
  t.equal(changed.json.marks.stationScore, 12, 'marked again')

  const progress = (await api(ann).get('/progress')).json
  t.equal(progress.selfMarked.stations, 1)
  t.equal(progress.selfMarked.meanScore, 12)
  t.same(progress.selfMarked.latest.map((s: { caseTitle: string; globalJudgement: string }) => [s.caseTitle, s.globalJudgement]), [['TITLE-SECRET stable angina', 'GOOD']])
  t.equal(progress.headline.stations, 0, 'never among the stations others marked')
  t.equal(progress.agreement.compared, 0, 'nor in rater agreement')
  t.equal((await api(other).get('/progress')).json.selfMarked.stations, 0, 'nor on anyone else’s page')

  const list = (await api(ann).get('/solo-stations')).json
  t.same(list.map((s: { id: number; caseTitle: string }) => [s.id, s.caseTitle]), [[id, 'TITLE-SECRET stable angina']])
  const data = await collectPersonalData(app.database.db, ann.id, new Date())
  t.equal((data.soloStations as unknown[]).length, 1, "in the account's data export")
})

t.test('a running station is listed without its title, and ends early by the candidate', async (t) => {
  const bea = await signedInUser(app as TestApp, { name: 'Bea' })
  const { id } = (await api(bea).post('/solo-stations', { choice: { kind: 'stationType', stationType: 'HISTORY' }, readingTime: 1, consultationTime: 5 })).json
  t.same((await api(bea).get('/solo-stations')).json.map((s: { caseTitle: string | null; phase: string }) => [s.caseTitle, s.phase]), [[null, 'READING']])
  await api(bea).post(`/solo-stations/${id}/move-on`, { from: 'READING' })
  await clock.advance(10_000)
  t.equal((await api(bea).post(`/solo-stations/${id}/move-on`, { from: 'CONSULTATION' })).json.error, TOO_EARLY_TO_END, 'not at once: the case would be given away')
  await clock.advance(50_000)
  const ended = await api(bea).post(`/solo-stations/${id}/move-on`, { from: 'CONSULTATION' })
  t.equal(ended.json.phase, 'MARKING')
  t.equal(ended.json.endedAt, clock.now(), 'ended when the candidate said so')
})

t.test('what cannot be drawn, or chosen, is refused in words', async (t) => {
  const cy = await signedInUser(app as TestApp, { name: 'Cy' })
  const start = async (body: object) => (await api(cy).post('/solo-stations', body)).json
  t.match((await start({ choice: { kind: 'topic', topic: 'Respiratory' } })).error, /"Respiratory" has no station/)
  t.match((await start({ choice: { kind: 'stationType', stationType: 'EMERGENCY' } })).error, /no emergency/)
  t.match((await start({ choice: { kind: 'surprise' }, consultationTime: 9 })).error, /Consultation time must be one of/)
  t.match((await start({ choice: { kind: 'maybe' } })).error, /Choose a topic, a station type or "Surprise me"/)
  t.equal((await api(cy).get('/solo-stations/abc')).json.error, NO_SUCH_STATION)
})

t.test(`at most ${SOLO_STARTS_PER_DAY} stations alone in 24 hours`, async (t) => {
  const dee = await signedInUser(app as TestApp, { name: 'Dee' })
  const row = { user_id: dee.id, case_id: saved.id, case_title: 'x', topic: 'Cardiology', reading_seconds: 90, consultation_seconds: 480 }
  await app.database.db.insertInto('solo_stations').values({ ...row, started_at: clock.now() - 25 * 3_600_000 }).execute()
  for (let n = 1; n < SOLO_STARTS_PER_DAY; n += 1) await app.database.db.insertInto('solo_stations').values({ ...row, started_at: clock.now() - n * 60_000 }).execute()
  t.equal((await api(dee).post('/solo-stations', { choice: { kind: 'surprise' } })).status, 200, 'the last one of the day, yesterday’s not counted')
  t.equal((await api(dee).post('/solo-stations', { choice: { kind: 'surprise' } })).json.error, DAILY_LIMIT)
})
