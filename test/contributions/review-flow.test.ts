import t from 'tap'
import { sql } from 'kysely'
import { ONLY_THE_AUTHOR, WAITING_FOR_AUTHOR, WAITING_FOR_REVIEW } from '../../schemas/contributions/contribution.ts'
import { findCase } from '../../server/content/cases-repo.ts'
import { listCaseVersions } from '../../server/content/case-versions.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom } from '../sessions/helpers.ts'
import { chestPainStation } from '../content/station-fixture.ts'
import { api, completeCase, newTopic, reviewerUser } from './helpers.ts'

/**
 * Issue 35's first "done when", through HTTP: a candidate drafts and submits a case, a reviewer asks for a change,
 * the candidate makes it, the reviewer approves, and a new session draws the case at once.
 */
const app = await testApp()
t.teardown(() => app.close())
const { db } = app.database
const topic = await newTopic(app, 'Cardiology')
const author = await signedInUser(app, { name: 'Carla Contributor' })
const reviewer = await reviewerUser(app, 'Rita Reviewer')
const [asAuthor, asReviewer] = [author, reviewer].map((user) => api(app, user))
// A room on the contribution's topic, made while the topic has no case: its refused start reads the bank into
// memory, so the session after the approval shows that the approval made the bank be read again.
const room = await readyRoom(app, { selectedTopics: ['Cardiology'] }, { configure: false })

let id = 0

async function announcing(on: boolean) {
  for (const table of ['cases', 'case_recall_dates']) {
    await sql`alter table ${sql.table(table)} ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.id(`${table}_announce_change`)}`.execute(db)
  }
}

t.test(`a half-written case is saved as a draft, and submitting it names every missing field (${databaseKind()})`, async (t) => {
  const created = await asAuthor.post('/contributions', { content: { title: 'Chest pain', station: { stationType: 'HISTORY' } }, showName: true })
  t.equal(created.status, 201, JSON.stringify(created.json))
  id = created.json.id
  t.match(created.json, { state: 'DRAFT', yours: true, showName: true, authorName: 'Carla Contributor', submittedAt: null, thread: [] })
  t.equal(created.json.content.station.stationType, 'HISTORY', 'kept as far as it was written')

  const refused = await asAuthor.post(`/contributions/${id}/submit`, {})
  t.equal(refused.status, 400)
  const errors = refused.json.validationErrors
  for (const field of ['category', 'station.mlaAreas', 'station.candidate.setting', 'station.candidate.tasks.0', 'station.patient.persona', 'station.patient.openingLine', 'station.patient.facts', 'station.checklist']) {
    t.ok(errors[field], `${field}: ${errors[field]}`)
  }
  t.equal(errors['station.stationType'], undefined, 'what was written is not reported')
  t.match(refused.json.error, /^The case is not ready to submit: /)
  t.equal((await asAuthor.get(`/contributions/${id}`)).json.state, 'DRAFT', 'still a draft')
  t.equal((await asReviewer.get(`/contributions/${id}`)).status, 404, 'a draft never submitted is its author\'s alone')
  t.same((await asReviewer.get('/contributions/queue')).json, [])
})

t.test(`completed and submitted, it waits in the queue; its author can no longer change it (${databaseKind()})`, async (t) => {
  const content = { ...completeCase(topic), description: 'First go' }
  t.equal((await asAuthor.put(`/contributions/${id}`, { content, showName: true })).status, 200)
  const sent = await asAuthor.post(`/contributions/${id}/submit`, { note: 'My first case' })
  t.equal(sent.status, 200, JSON.stringify(sent.json))
  t.match(sent.json, { state: 'SUBMITTED', thread: [{ kind: 'SUBMITTED', body: 'My first case', by: 'Carla Contributor', byAuthor: true }] })
  t.equal((await asAuthor.put(`/contributions/${id}`, { content, showName: true })).json.error, WAITING_FOR_REVIEW)
  t.match((await asReviewer.get('/contributions/queue')).json, [{ id, title: 'Chest pain at work', topic: 'Cardiology', authorName: 'Carla Contributor', state: 'SUBMITTED' }])
  t.equal((await asReviewer.put(`/contributions/${id}`, { content, showName: true })).json.error, ONLY_THE_AUTHOR, 'a reviewer comments, never edits')
})

t.test(`the reviewer comments and asks for a change; the author sees it in their list (${databaseKind()})`, async (t) => {
  t.equal((await asReviewer.post(`/contributions/${id}/comments`, { message: 'Nice station.' })).status, 200)
  const empty = await asReviewer.post(`/contributions/${id}/request-changes`, { message: '   ' })
  t.same([empty.status, empty.json.validationErrors], [400, { message: 'Write your message to the author' }])
  const asked = await asReviewer.post(`/contributions/${id}/request-changes`, { message: 'Say when the pain started in the description.' })
  t.equal(asked.status, 200)
  t.same(
    asked.json.thread.map((entry: { kind: string; by: string }) => [entry.kind, entry.by]),
    [['SUBMITTED', 'Carla Contributor'], ['COMMENT', 'Rita Reviewer'], ['CHANGES_REQUESTED', 'Rita Reviewer']],
  )
  t.match((await asAuthor.get('/contributions/mine')).json, [{ id, state: 'CHANGES_REQUESTED', lastReviewerMessage: 'Say when the pain started in the description.', caseId: null }])
  t.equal((await asReviewer.post(`/contributions/${id}/approve`, {})).json.error, WAITING_FOR_AUTHOR)
  t.match((await asReviewer.get('/contributions/queue')).json, [{ id, state: 'CHANGES_REQUESTED' }], 'shown as waiting for its author')
})

t.test(`fixed and submitted again, approved: the case is in the bank, credited, version 1 saved by the reviewer (${databaseKind()})`, async (t) => {
  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/start`)).status, 409, 'no case on the topic yet')
  // Silence the bank's change notices (migrations/0011): the approval itself must make this instance read it again.
  await announcing(false)
  t.teardown(() => announcing(true))
  const fixed = { ...completeCase(topic), description: 'A driver with chest pain since this morning' }
  t.equal((await asAuthor.put(`/contributions/${id}`, { content: fixed, showName: true })).status, 200)
  t.equal((await asAuthor.post(`/contributions/${id}/submit`, { note: 'Done' })).json.state, 'SUBMITTED')
  const approved = await asReviewer.post(`/contributions/${id}/approve`, { note: 'Thank you!' })
  t.equal(approved.status, 200, JSON.stringify(approved.json))
  t.match(approved.json, { state: 'APPROVED', thread: [{}, {}, {}, {}, { kind: 'APPROVED', body: 'Thank you!', by: 'Rita Reviewer' }] })
  const caseId = approved.json.caseId
  t.type(caseId, 'number')

  const inBank = await findCase(db, caseId)
  t.match(inBank, { title: 'Chest pain at work', description: 'A driver with chest pain since this morning', category: { name: 'Cardiology' }, version: 1, contributed: true, contributorName: 'Carla Contributor' })
  t.same(inBank?.station, chestPainStation, 'the station as written')
  t.match(inBank?.visualData, { type: 'text', content: 'Sweaty, pale, clutching the chest' })
  const row = await db.selectFrom('cases').select(['contributor_id']).where('id', '=', caseId).executeTakeFirstOrThrow()
  t.equal(row.contributor_id, author.id)
  t.match(await listCaseVersions(db, caseId), [{ version: 1 }])
  const version = await db.selectFrom('case_versions').select('created_by').where('case_id', '=', caseId).executeTakeFirstOrThrow()
  t.equal(version.created_by, reviewer.id, 'saved by the reviewer')

  t.match((await asAuthor.get('/contributions/mine')).json, [{ id, state: 'APPROVED', caseId, lastReviewerMessage: 'Thank you!' }])
  t.equal((await asAuthor.put(`/contributions/${id}`, { content: fixed, showName: false })).status, 409, 'approved is final')
  t.equal((await asReviewer.post(`/contributions/${id}/comments`, { message: 'Late' })).status, 409)
  t.same((await asReviewer.get('/contributions/queue')).json, [])

  // The very next session on the topic draws it, from a bank read again after the approval.
  const configured = await as(app, room.doctor).post(`/sessions/${room.code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
  t.equal(configured.status, 200, JSON.stringify(configured.json))
  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/start`)).status, 200)
  const assigned = await sql<{ case_id: string }>`select payload ->> 'caseId' as case_id from session_events e join sessions s on s.id = e.session_id
    where s.code = ${room.code} and e.type = 'CaseAssigned'`.execute(db)
  t.same(assigned.rows.map((event) => Number(event.case_id)), [caseId])
  const patientSees = (await as(app, room.patient).get(`/sessions/${room.code}`)).json.selectedCase
  t.equal(patientSees.contributorName, 'Carla Contributor', 'credited in the room, as the author chose')
  const doctorSees = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json.selectedCase
  t.match(doctorSees, { contributed: true, contributorName: 'Carla Contributor' }, 'the doctor reads whose practice material it is too')
})

t.test(`two approvals at once make one case (${databaseKind()})`, async (t) => {
  const second = await asAuthor.post('/contributions', { content: completeCase(topic, 'Second case'), showName: false })
  t.equal((await asAuthor.post(`/contributions/${second.json.id}/submit`, {})).status, 200)
  const both = await Promise.all([1, 2].map(() => asReviewer.post(`/contributions/${second.json.id}/approve`, {})))
  t.same(both.map((answer) => answer.status).sort(), [200, 409])
  const cases = await db.selectFrom('cases').select(['id', 'contributor_id', 'contributor_name']).where('title', '=', 'Second case').execute()
  t.equal(cases.length, 1, 'one case')
  t.same(cases[0], { id: cases[0].id, contributor_id: author.id, contributor_name: null }, 'anonymous, as the author chose')
})
