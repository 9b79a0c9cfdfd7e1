import t from 'tap'
import { evolve } from '../../schemas/session/evolve.ts'
import type { SessionEvent } from '../../schemas/session/types.ts'
import { rebuildReadModels } from '../../server/sessions/store/rebuild.ts'
import { replayReport } from '../../server/sessions/store/timeline.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, editCase, readyRoom, scores, seedBank, skipToFeedback } from './helpers.ts'

/**
 * A session plays, stores and replays the version of its case it drew (issue 35): an admin's edit during the round
 * and after it changes nothing of what that session shows (the room, the debrief, the replay of its log), while a
 * session started after the edit draws the new version.
 */
const app = await testApp()
t.teardown(() => app.close())
const [caseId] = await seedBank(app.database.db, { Cardiology: 1 })
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ada Admin' })

const events = (code: string) =>
  app.database.db
    .selectFrom('session_events')
    .innerJoin('sessions', 'sessions.id', 'session_events.session_id')
    .select('session_events.payload')
    .where('sessions.code', '=', code)
    .where('session_events.type', '=', 'CaseAssigned')
    .execute()

async function editByAdmin(changes: Record<string, unknown>) {
  const current = (await call(app.app, { method: 'GET', url: '/api/cases', headers: admin.auth })).json.find((c: { id: number }) => c.id === caseId)
  const saved = await call(app.app, { method: 'PUT', url: `/api/cases/${caseId}`, headers: admin.auth, body: { ...current, ...changes } })
  if (saved.status !== 200) throw new Error(`edit failed: ${JSON.stringify(saved.json)}`)
  return saved.json
}

t.test(`a session keeps the version it drew; the next session draws the edit (${databaseKind()})`, async (t) => {
  const first = await readyRoom(app)
  const [doctor, patient, observer] = [as(app, first.doctor), as(app, first.patient), as(app, first.observer)]
  await doctor.post(`/sessions/${first.code}/start`)
  const played = (await patient.get(`/sessions/${first.code}`)).json.selectedCase
  t.match(played, { id: caseId, title: 'TITLE-SECRET Cardiology 1', patientNotes: 'PATIENT-SCRIPT-SECRET Cardiology 1' }, "the patient's script as drawn")

  const edited = await editByAdmin({ title: 'Edited title', patientNotes: 'Edited script' })
  t.equal(edited.version, 2, 'the edit is version 2')
  t.match((await patient.get(`/sessions/${first.code}`)).json.selectedCase, { title: 'TITLE-SECRET Cardiology 1', patientNotes: 'PATIENT-SCRIPT-SECRET Cardiology 1' }, 'the running session still shows version 1')

  await skipToFeedback(doctor, first.code)
  await observer.post('/feedback/submit', { sessionCode: first.code, comment: 'Observer', criteriaScores: scores(), globalJudgement: 'SATISFACTORY', feedbackAreas: [] })
  await patient.post('/feedback/submit', { sessionCode: first.code, comment: 'Patient', criteriaScores: scores(), requestNewCase: false })
  await doctor.post(`/sessions/${first.code}/end`)
  await editByAdmin({ title: 'Edited again', patientNotes: 'Edited script again' })

  const debrief = await doctor.get(`/sessions/${first.code}/rounds/1/debrief`)
  t.equal(debrief.status, 200)
  t.match(debrief.json.case, { id: caseId, title: 'TITLE-SECRET Cardiology 1', patientNotes: 'PATIENT-SCRIPT-SECRET Cardiology 1' }, 'the debrief shows the version played')
  t.same((await doctor.get(`/sessions/${first.code}/debriefs`)).json, [{ round: 1, caseTitle: 'TITLE-SECRET Cardiology 1' }], "the feedback kept the played version's title")
  t.match(await events(first.code), [{ payload: { caseId, caseVersion: 1 } }], 'the log stores the version drawn')
  const replay = await replayReport(app.database.db, first.code)
  t.match(replay, `Case ${caseId} version 1: TITLE-SECRET Cardiology 1`, 'the replay names the version played and its title')
  t.notMatch(replay, 'Edited', 'and nothing of the edits')

  const second = await readyRoom(app)
  await as(app, second.doctor).post(`/sessions/${second.code}/start`)
  t.match((await as(app, second.patient).get(`/sessions/${second.code}`)).json.selectedCase, { title: 'Edited again', patientNotes: 'Edited script again' }, 'a new session draws the current version')
  t.match(await events(second.code), [{ payload: { caseId, caseVersion: 3 } }])
  t.match(await replayReport(app.database.db, second.code), `Case ${caseId} version 3: Edited again`)
})

t.test(`feedback keeps the title of the version it scored, when the next round's draw comes in the same batch, and after a rebuild (${databaseKind()})`, async (t) => {
  const ids = await seedBank(app.database.db, { Neurology: 2 })
  for (const id of ids) await editCase(app.database.db, id, { title: `Neurology v2 of ${id}` })
  const room = await readyRoom(app, { selectedTopics: ['Neurology'] })
  const [doctor, patient, observer] = [as(app, room.doctor), as(app, room.patient), as(app, room.observer)]
  await doctor.post(`/sessions/${room.code}/start`)
  const played = (await patient.get(`/sessions/${room.code}`)).json.selectedCase
  await skipToFeedback(doctor, room.code)
  await observer.post('/feedback/submit', { sessionCode: room.code, comment: 'Observer', criteriaScores: scores(), globalJudgement: 'SATISFACTORY', feedbackAreas: [] })
  const last = await patient.post('/feedback/submit', { sessionCode: room.code, comment: 'Patient', criteriaScores: scores(), requestNewCase: true })
  t.equal(last.json.newCaseStarted, true, 'the next case is drawn by the last feedback')
  const titles = () =>
    app.database.db.selectFrom('feedback').innerJoin('sessions', 'sessions.id', 'feedback.session_id').select(['feedback.case_title', 'feedback.from_name']).where('sessions.code', '=', room.code).orderBy('feedback.id').execute()
  const expected = [`Neurology v2 of ${played.id}`, `Neurology v2 of ${played.id}`]
  t.same((await titles()).map((row) => row.case_title), expected, 'both rows name version 2 of the case scored')
  await rebuildReadModels(app.database.db)
  t.same((await titles()).map((row) => row.case_title), expected, 'and so does a rebuild from the log')
})

t.test('a log written before versions folds to version 1, what each case was when versions began', async (t) => {
  const created = { type: 'SessionCreated', code: 'ABC123', title: 'Old', hostUserId: 1, config: {}, at: 1 } as unknown as SessionEvent
  const started = evolve(evolve(null, created), { type: 'CaseAssigned', caseId: 7, round: 1, at: 2 })
  t.same([started.caseId, started.caseVersion], [7, 1])
  t.equal(evolve(started, { type: 'CaseAssigned', caseId: 8, caseVersion: 4, round: 2, at: 3 }).caseVersion, 4, 'a later draw keeps its own')
})
