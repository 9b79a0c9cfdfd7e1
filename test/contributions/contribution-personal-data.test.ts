import t from 'tap'
import { findCase } from '../../server/content/cases-repo.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, completeCase, newTopic, reviewerUser, submitted } from './helpers.ts'

/** Contributions in "Download all my data" and "Delete my account" (server/accounts/personal-data.ts). */
const app = await testApp()
t.teardown(() => app.close())
const { db } = app.database
const topic = await newTopic(app, 'Neurology')
const author = await signedInUser(app, { name: 'Gwen Giver' })
const other = await signedInUser(app, { name: 'Otto Other' })
const reviewer = await reviewerUser(app, 'Rhea Reviewer')
const [asAuthor, asOther, asReviewer] = [author, other, reviewer].map((user) => api(app, user))

const approvedId = await submitted(app, author, completeCase(topic, 'Headache station'))
await asReviewer.post(`/contributions/${approvedId}/comments`, { message: 'REVIEWER-COMMENT' })
const caseId: number = (await asReviewer.post(`/contributions/${approvedId}/approve`, { note: 'Approved, thanks' })).json.caseId
await asAuthor.post('/contributions', { content: { title: 'Half-written draft' }, showName: false })
const othersId = await submitted(app, other, completeCase(topic, "Otto's station"))
await asReviewer.post(`/contributions/${othersId}/request-changes`, { message: 'REVIEWER-ASKS' })

t.test(`the export holds their contributions with each thread, and what they wrote reviewing (${databaseKind()})`, async (t) => {
  const mine = (await asAuthor.get('/auth/my-data')).json
  t.match(mine.caseContributions, [
    { id: approvedId, state: 'APPROVED', caseId, showName: true, content: { title: 'Headache station' }, thread: [{ kind: 'SUBMITTED', by: 'you' }, { kind: 'COMMENT', body: 'REVIEWER-COMMENT', by: 'a reviewer' }, { kind: 'APPROVED', by: 'a reviewer' }] },
    { state: 'DRAFT', showName: false, content: { title: 'Half-written draft' }, thread: [] },
  ])
  t.same(mine.caseReviewMessages, [])
  t.notOk(JSON.stringify(mine).includes('Rhea Reviewer'), "the reviewer's name is theirs")
  const reviewed = (await asReviewer.get('/auth/my-data')).json
  t.same(reviewed.caseReviewMessages.map((entry: { kind: string; body: string }) => [entry.kind, entry.body]), [
    ['COMMENT', 'REVIEWER-COMMENT'],
    ['APPROVED', 'Approved, thanks'],
    ['CHANGES_REQUESTED', 'REVIEWER-ASKS'],
  ])
  t.same(reviewed.caseContributions, [])
})

t.test(`deleting the account deletes its contributions; the approved case stays, credited to nobody (${databaseKind()})`, async (t) => {
  t.equal((await findCase(db, caseId))?.contributorName, 'Gwen Giver')
  t.equal((await asAuthor.post('/auth/delete-account', { currentPassword: author.password })).status, 200)
  t.same(await db.selectFrom('case_contributions').select('id').where('author_id', '=', author.id).execute(), [])
  const kept = await db.selectFrom('cases').select(['title', 'contributor_id', 'contributor_name']).where('id', '=', caseId).executeTakeFirst()
  t.same(kept, { title: 'Headache station', contributor_id: null, contributor_name: null })
})

t.test(`a reviewer's messages stay in the author's thread, from "Former user" (${databaseKind()})`, async (t) => {
  t.equal((await asReviewer.post('/auth/delete-account', { currentPassword: reviewer.password })).status, 200)
  const thread = (await asOther.get(`/contributions/${othersId}`)).json.thread
  t.match(thread, [{ kind: 'SUBMITTED', by: 'Otto Other' }, { kind: 'CHANGES_REQUESTED', body: 'REVIEWER-ASKS', by: 'Former user', byAuthor: false }])
})
