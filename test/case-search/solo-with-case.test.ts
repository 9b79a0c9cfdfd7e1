import t from 'tap'
import { DAILY_LIMIT, SOLO_STARTS_PER_DAY } from '../../schemas/solo/solo-station.ts'
import { NO_SUCH_CASE, NOT_A_STATION } from '../../server/solo/solo-routes.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { seedBank, type User } from '../sessions/helpers.ts'
import { SECRET, seedStation } from './seed.ts'

/** "Practise alone with this case" (Find a case, issue 35): the solo start names its case. */
const app = await testApp()
t.teardown(() => app.close())
const db = app.database.db

const first = await seedStation(db, { topic: 'Neurology', stationType: 'HISTORY', mlaAreas: ['NEUROSCIENCES'], difficulty: 'CORE', setting: 'Headache clinic', scriptFact: 'worst headache ever' })
const second = await seedStation(db, { topic: 'Neurology', stationType: 'EXAMINATION', mlaAreas: ['NEUROSCIENCES'], difficulty: 'STANDARD', setting: 'Stroke unit', scriptFact: 'weak left arm' })
const [older] = await seedBank(db, { Dermatology: 1 })

const start = (who: User, body: object) => call(app.app, { method: 'POST', url: '/api/solo-stations', body, headers: who.auth })

t.test(`the named case is played, again if already played (${databaseKind()})`, async (t) => {
  const ann = await signedInUser(app)
  for (const caseId of [second, first, second]) {
    const started = await start(ann, { caseId, readingTime: 1 })
    t.equal(started.status, 200, JSON.stringify(started.json))
    t.equal(started.json.case.id, caseId, `case ${caseId}`)
    t.equal(started.json.timer.durationSeconds, 60, 'with the timing asked for')
    // The description is the doctor's to read, as in a session; the title, script and checklist are not.
    t.notMatch(JSON.stringify(started.json), new RegExp(`${SECRET} (Neurology|persona|hello|worst|weak|asks|plans|listens)`), 'no title, script or checklist while it runs')
  }
  t.equal((await start(ann, { caseId: first, choice: { kind: 'stationType', stationType: 'EXAMINATION' } })).json.case.id, first, 'the case id wins over a choice')
})

t.test('refused in words: an unknown case, one that is not a station, a body with neither', async (t) => {
  const bo = await signedInUser(app)
  t.same(await start(bo, { caseId: 987654 }).then((a) => [a.status, a.json.error]), [404, NO_SUCH_CASE])
  t.same(await start(bo, { caseId: older }).then((a) => [a.status, a.json.error]), [409, NOT_A_STATION])
  t.same(await start(bo, {}).then((a) => [a.status, a.json.error]), [400, 'Choose a topic, a station type or "Surprise me"'])
  t.same(await start(bo, { caseId: 'one' }).then((a) => [a.status, a.json.error]), [400, 'caseId must be the id of a case'])
  t.same(await start(bo, { caseId: 1.5 }).then((a) => a.status), 400)
  t.equal(await db.selectFrom('solo_stations').select('id').where('user_id', '=', bo.id).execute().then((rows) => rows.length), 0, 'nothing started')
})

t.test(`the ${SOLO_STARTS_PER_DAY}-a-day limit still applies`, async (t) => {
  const cy = await signedInUser(app)
  const row = { user_id: cy.id, case_id: first, case_title: 'x', topic: 'Neurology', reading_seconds: 90, consultation_seconds: 480, started_at: Date.now() - 60_000 }
  await db.insertInto('solo_stations').values(Array.from({ length: SOLO_STARTS_PER_DAY }, () => row)).execute()
  t.same(await start(cy, { caseId: second }).then((a) => [a.status, a.json.error]), [409, DAILY_LIMIT])
})
