import t from 'tap'
import { sql } from 'kysely'
import { databaseKind } from '../helpers/db.ts'
import { call, testApp } from '../helpers/app.ts'
import { rebuildReadModels } from '../../server/sessions/store/rebuild.ts'
import { as, scores, seedBank, threeUsers } from '../sessions/helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })
const { db } = app.database
const { doctor, patient, observer } = await threeUsers(app)
const [asDoctor, asPatient, asObserver] = [doctor, patient, observer].map((user) => as(app, user))

/** Setup steps must work; they are asserted by the tests below, not here (tap ends a file with no test open). */
function ok<R extends { status: number; json: any }>(response: R): R {
  if (response.status !== 200) throw new Error(`setup step failed: ${response.status} ${JSON.stringify(response.json)}`)
  return response
}

/**
 * Two rounds, the patient of the first sitting as the doctor of the second: the patient gives feedback (round 1)
 * and receives it (round 2); then the session ends.
 */
async function playTwoRounds() {
  const code: string = ok(await asDoctor.post('/sessions', { title: 'Evening practice', selectedTopics: ['Cardiology'] })).json.sessionCode
  ok(await asDoctor.post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' }))
  ok(await asPatient.post(`/sessions/${code}/join-with-role`, { role: 'patient' }))
  ok(await asObserver.post(`/sessions/${code}/join-with-role`, { role: 'observer' }))
  ok(await asDoctor.post(`/sessions/${code}/start`))
  ok(await asDoctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' }))
  ok(await asDoctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' }))
  ok(await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'Observer to Dora', criteriaScores: scores() }))
  ok(await asPatient.post('/feedback/submit', { sessionCode: code, comment: 'PAT-GAVE-THIS', criteriaScores: scores(4, 3), requestNewCase: true, requestRoleChange: true }))
  // Nobody has the room open here: the new doctor starts round 2 without waiting.
  ok(await asPatient.post(`/sessions/${code}/start`))
  ok(await asPatient.post(`/sessions/${code}/skip-phase`, { phase: 'READING' }))
  ok(await asPatient.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' }))
  ok(await asDoctor.post('/feedback/submit', { sessionCode: code, comment: 'PAT-RECEIVED-FROM-DORA', criteriaScores: scores() }))
  ok(await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'PAT-RECEIVED-FROM-OLLY', criteriaScores: scores() }))
  ok(await asPatient.post(`/sessions/${code}/complete`))
  return code
}

const code = await playTwoRounds()
const eventText = async () => (await sql<{ text: string }>`select string_agg(payload::text, ' ') as text from session_events`.execute(db)).rows[0].text

t.test(`the export holds the account, sessions and feedback both ways, and nobody else's email (${databaseKind()})`, async (t) => {
  const response = await asPatient.get('/auth/my-data')
  t.equal(response.status, 200)
  t.equal(response.headers['cache-control'], 'no-store')
  const data = response.json
  t.match(data.account, { id: patient.id, name: 'Pat Patient', email: patient.email, provider: 'LOCAL', hasPassword: true })
  t.match(data.sessions, [{ sessionCode: code, title: 'Evening practice', hostedByYou: false, yourLastRole: 'DOCTOR', status: 'COMPLETED' }])
  t.match(data.feedbackGiven, [{ sessionCode: code, roundNumber: 1, toUser: 'Dora Doctor', comment: 'PAT-GAVE-THIS', yourRole: 'PATIENT' }])
  t.same(data.feedbackReceived.map((f: { comment: string }) => f.comment).sort(), ['PAT-RECEIVED-FROM-DORA', 'PAT-RECEIVED-FROM-OLLY'])
  t.ok(data.sessionActivity.some((a: { event: string; sessionCode: string }) => a.event === 'FeedbackSubmitted' && a.sessionCode === code))
  const text = JSON.stringify(data)
  for (const other of [doctor.email, observer.email]) t.notOk(text.includes(other), `no ${other}`)
  t.notOk(/argon2|password_hash|token_version/.test(text), 'no secrets')
  t.notOk(text.includes('Observer to Dora'), "feedback between two others is not in it")
  t.equal((await call(app.app, { method: 'GET', url: '/api/auth/my-data' })).status, 401, 'signed in only')
})

t.test(`the export names the people it was about as the room did, not by their account's later name (${databaseKind()})`, async (t) => {
  const rename = (name: string) => call(app.app, { method: 'PUT', url: '/api/auth/profile', body: { name }, headers: doctor.auth })
  t.equal((await rename('Dora Renamed')).status, 200)
  t.teardown(async () => void (await rename('Dora Doctor')))
  const data = (await asPatient.get('/auth/my-data')).json
  t.match(data.feedbackGiven, [{ comment: 'PAT-GAVE-THIS', toUser: 'Dora Doctor' }])
  t.notOk(JSON.stringify(data).includes('Dora Renamed'), "the doctor's new name is theirs, not in another's export")
})

t.test(`a wrong or missing password deletes nothing (${databaseKind()})`, async (t) => {
  const wrong = await asPatient.post('/auth/delete-account', { currentPassword: 'not-my-password' })
  t.same([wrong.status, wrong.json.error], [400, 'Current password is incorrect'])
  const missing = await asPatient.post('/auth/delete-account', {})
  t.same([missing.status, missing.json.validationErrors], [400, { currentPassword: 'Current password is required' }])
  t.equal((await asPatient.get('/auth/me')).status, 200)
  t.equal((await asPatient.get('/feedback/received')).json.length, 2)
})

t.test(`deletion: the token dies, feedback given stays as "Former user", feedback received and the name go (${databaseKind()})`, async (t) => {
  t.ok((await eventText()).includes('Pat Patient'), 'the log named them before')
  const deleted = await asPatient.post('/auth/delete-account', { currentPassword: patient.password })
  t.same([deleted.status, deleted.json.message], [200, 'Your account has been deleted.'])
  t.equal((await asPatient.get('/auth/me')).status, 401, 'the old token no longer works')
  const login = await call(app.app, { method: 'POST', url: '/api/auth/login', body: { email: patient.email, password: patient.password } })
  t.equal(login.status, 400, 'nor does the password')

  const doraInbox = (await asDoctor.get('/feedback/received')).json
  t.match(doraInbox.find((f: { comment: string }) => f.comment === 'PAT-GAVE-THIS'), { fromUser: 'Former user', fromUserRole: 'patient' })
  t.match(doraInbox.find((f: { comment: string }) => f.comment === 'Observer to Dora'), { fromUser: 'Olly Observer' })
  const feedbackToThem = await db.selectFrom('feedback').select('id').where('to_user_id', '=', patient.id).execute()
  t.equal(feedbackToThem.length, 0, 'feedback they received is gone')
  const names = await db.selectFrom('session_participants').select('name').where('user_id', '=', patient.id).execute()
  t.same(names, [{ name: 'Former user' }])
  const session = (await asDoctor.get(`/sessions/${code}`)).json
  t.notOk(JSON.stringify(session).includes('Pat Patient'), "the session's page no longer names them")

  const log = await eventText()
  for (const gone of ['Pat Patient', patient.email, 'PAT-RECEIVED-FROM-DORA', 'PAT-RECEIVED-FROM-OLLY']) t.notOk(log.includes(gone), `the log no longer holds ${gone}`)
  t.ok(log.includes('PAT-GAVE-THIS'), 'feedback they gave stays in the log')
  t.ok(log.includes('Dora Doctor'), "others' names stay")
})

t.test(`a rebuild of the read models keeps the deletion (${databaseKind()})`, async (t) => {
  await rebuildReadModels(db)
  t.equal((await db.selectFrom('feedback').select('id').where('to_user_id', '=', patient.id).execute()).length, 0)
  const given = await db.selectFrom('feedback').select('from_name').where('from_user_id', '=', patient.id).execute()
  t.same(given, [{ from_name: 'Former user' }])
  t.same(await db.selectFrom('session_participants').select('name').where('user_id', '=', patient.id).execute(), [{ name: 'Former user' }])
})

t.test(`the log still refuses every change but a redaction (${databaseKind()})`, async (t) => {
  await t.rejects(sql`update session_events set type = 'SessionEnded' where version = 1`.execute(db), /append-only/)
  await t.rejects(sql`update session_events set payload = jsonb_set(payload, '{name}', '"Someone else"') where type = 'ParticipantJoined'`.execute(db), /append-only/)
  await t.rejects(sql`update session_events set payload = jsonb_set(payload, '{round}', '7') where type = 'FeedbackSubmitted'`.execute(db), /append-only/)
  await t.rejects(sql`delete from session_events`.execute(db), /append-only/)
})
