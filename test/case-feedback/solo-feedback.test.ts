import t from 'tap'
import * as v from 'valibot'
import { Station } from '../../schemas/station/station.ts'
import { AFTER_THE_STATION } from '../../server/case-feedback/played-case.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { findCase, saveCase } from '../../server/content/cases-repo.ts'
import { NO_SUCH_STATION } from '../../server/solo/solo-routes.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import type { User } from '../sessions/helpers.ts'

/** Rating and reporting the case of a station practised alone (issue 35): its candidate's only, once it is over. */
const clock = manualClock()
const app = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(() => app.close())
const { db } = app.database

const STATION = v.parse(Station, {
  stationType: 'HISTORY',
  mlaAreas: ['CARDIOVASCULAR'],
  difficulty: 'STANDARD',
  candidate: { setting: 'General practice.', tasks: ['Take a focused history'], notNeeded: [] },
  patient: { persona: 'You are Ann, 58.', openingLine: 'My chest felt tight.', facts: [{ id: 'exertion', text: 'Worse on exertion', reveal: 'IF_ASKED' }], questions: [] },
  checklist: [
    { id: 'history', domain: 'DATA_GATHERING', item: 'Characterises the pain' },
    { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'Arranges an ECG' },
    { id: 'ice', domain: 'INTERPERSONAL', item: 'Explores concerns' },
  ],
})
const category = await db.insertInto('categories').values({ name: 'Cardiology', description: null }).returning('id').executeTakeFirstOrThrow()
const body = { title: 'Stable angina', description: 'Chest tightness', category: { id: category.id }, doctorNotes: '', patientNotes: '', doctorSections: [], patientSections: [], visualData: null, imageUrl: null, feedbackCriteria: [], isRecallCase: false, recallDates: [], station: STATION }
const saved = await saveCase(db, normaliseCase(body))
if (!saved.ok) throw new Error('station not saved')

const api = (user: User) => ({
  get: (url: string) => call(app.app, { method: 'GET', url: `/api${url}`, headers: user.auth }),
  post: (url: string, payload: object) => call(app.app, { method: 'POST', url: `/api${url}`, body: payload, headers: user.auth }),
})

t.test(`a solo station's case is rated and reported by its candidate once it is over (${databaseKind()})`, async (t) => {
  const ann = await signedInUser(app as TestApp, { name: 'Ann Alone' })
  const other = await signedInUser(app as TestApp, { name: 'Nosy Other' })
  const id: number = (await api(ann).post('/solo-stations', { choice: { kind: 'surprise' } })).json.id
  const source = { soloStationId: id }
  const rate = (user: User) => api(user).post('/case-ratings', { source, realism: 2, difficulty: 4 })
  const report = (user: User) => api(user).post('/case-problem-reports', { source, kind: 'OTHER', details: 'The ECG item is missing its timing' })

  t.same([(await rate(ann)).json.error, (await report(ann)).json.error], [AFTER_THE_STATION, AFTER_THE_STATION], 'not while it runs')
  for (const answer of [await rate(other), await report(other), await api(other).get(`/case-ratings/mine?soloStationId=${id}`)]) {
    t.same([answer.status, answer.json.error], [404, NO_SUCH_STATION], "someone else's station does not exist for them")
  }
  t.same((await rate(ann)).status, 409)
  t.equal((await api(ann).post('/case-ratings', { source: { soloStationId: 999999 }, realism: 2, difficulty: 4 })).json.error, NO_SUCH_STATION)

  const edited = await saveCase(db, normaliseCase({ ...(await findCase(db, saved.id))!, title: 'Stable angina, edited' }), saved.id)
  t.match(edited, { ok: true, version: 2 })
  await clock.advance(10 * 60_000)
  const marking = (await api(ann).get(`/solo-stations/${id}`)).json
  t.same([marking.phase, marking.case.title], ['MARKING', 'Stable angina'], 'over, the station shows the version it drew, not the edit')

  t.match((await rate(ann)).json, { rating: { realism: 2, difficulty: 4 } })
  t.same((await api(ann).get(`/case-ratings/mine?soloStationId=${id}`)).json.rating.realism, 2)
  t.equal((await report(ann)).status, 200)
  const rows = await db.selectFrom('case_problem_reports').select(['case_version', 'solo_station_id', 'session_id', 'round']).execute()
  t.same(rows, [{ case_version: 1, solo_station_id: id, session_id: null, round: null }], 'tied to the version played')
  t.same((await db.selectFrom('case_ratings').select('case_version').executeTakeFirstOrThrow()).case_version, 1)

  const reviewer = await signedInUser(app as TestApp, { role: 'ADMIN', name: 'Ada Admin' })
  const queue = (await api(reviewer).get('/case-problem-reports')).json
  t.match(queue.reports, [{ caseTitle: 'Stable angina', caseVersion: 1, currentVersion: 2, source: { kind: 'SOLO' }, reporterName: 'Ann Alone' }], 'an admin reviews too')
  t.match((await api(ann).get('/auth/my-data')).json.caseProblemReports, [{ soloStationId: id, sessionCode: null, round: null, kind: 'OTHER' }])
})
