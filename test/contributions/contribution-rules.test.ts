import t from 'tap'
import {
  DELETE_ONLY_DRAFTS,
  NO_SUCH_CONTRIBUTION,
  NOT_YOUR_OWN,
  OPEN_CONTRIBUTIONS_MAX,
  TOO_MANY_OPEN,
} from '../../schemas/contributions/contribution.ts'
import { REVIEWER_REQUIRED } from '../../schemas/auth.ts'
import { latestDateAt, NO_FUTURE_RECALL, RECALL_NEEDS_DATE } from '../../schemas/contributions/contribution-body.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, completeCase, newTopic, reviewerUser, submitted } from './helpers.ts'

/** Who may see and do what (schemas/contributions/contribution.ts), recall dates, limits, through HTTP. */
const app = await testApp()
t.teardown(() => app.close())
const topic = await newTopic(app, 'Psychiatry')
const author = await signedInUser(app, { name: 'Ann Author' })
const stranger = await signedInUser(app, { name: 'Sid Stranger' })
const reviewer = await reviewerUser(app, 'Rex Reviewer')
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ada Admin' })
const [asAuthor, asStranger, asReviewer, asAdmin] = [author, stranger, reviewer, admin].map((user) => api(app, user))

t.test(`a candidate sees no queue and nobody else's contribution (${databaseKind()})`, async (t) => {
  const id = await submitted(app, author, completeCase(topic))
  const queue = await asStranger.get('/contributions/queue')
  t.same([queue.status, queue.json.error], [403, REVIEWER_REQUIRED])
  for (const answer of [
    await asStranger.get(`/contributions/${id}`),
    await asStranger.post(`/contributions/${id}/comments`, { message: 'Hi' }),
    await asStranger.post(`/contributions/${id}/approve`, {}),
    await asStranger.put(`/contributions/${id}`, { content: {}, showName: true }),
    await asStranger.delete(`/contributions/${id}`),
    await asStranger.get('/contributions/999999'),
  ]) {
    t.same([answer.status, answer.json.error], [404, NO_SUCH_CONTRIBUTION])
  }
  t.same((await asStranger.get('/contributions/abc')).json.error, NO_SUCH_CONTRIBUTION, 'nor an id that cannot be one')
  t.same((await asStranger.get('/contributions/mine')).json, [], 'their own list is empty')
  const own = await asAuthor.post(`/contributions/${id}/approve`, {})
  t.same([own.status, own.json.error], [403, REVIEWER_REQUIRED], 'its author, no reviewer, may not approve it')
})

t.test(`nobody reviews their own contribution; another reviewer may (${databaseKind()})`, async (t) => {
  const id = await submitted(app, reviewer, completeCase(topic, 'By a reviewer'))
  for (const path of ['approve', 'request-changes', 'comments']) {
    const answer = await asReviewer.post(`/contributions/${id}/${path}`, { message: 'Looks fine to me' })
    t.same([answer.status, answer.json.error], [403, NOT_YOUR_OWN], path)
  }
  t.equal((await asAdmin.post(`/contributions/${id}/approve`, {})).status, 200, 'an admin reviews it')
})

t.test(`only a draft never submitted may be deleted (${databaseKind()})`, async (t) => {
  const draft = await asAuthor.post('/contributions', { content: { title: 'Scratch' }, showName: true })
  t.equal((await asAuthor.delete(`/contributions/${draft.json.id}`)).status, 200)
  t.equal((await asAuthor.get(`/contributions/${draft.json.id}`)).status, 404, 'gone')
  const id = await submitted(app, author, completeCase(topic, 'Kept'))
  t.same([(await asAuthor.delete(`/contributions/${id}`)).json.error], [DELETE_ONLY_DRAFTS])
  await asReviewer.post(`/contributions/${id}/request-changes`, { message: 'Shorter title' })
  t.equal((await asAuthor.delete(`/contributions/${id}`)).status, 409, 'not after a submission, even when back with its author')
})

t.test(`a recall case names the exam it recalls, never one in the future (${databaseKind()})`, async (t) => {
  const recall = (dates: string[]) => ({ ...completeCase(topic, 'Recalled station'), isRecallCase: true, recallDates: dates })
  const created = await asAuthor.post('/contributions', { content: recall([]), showName: true })
  const id = created.json.id
  const none = await asAuthor.post(`/contributions/${id}/submit`, {})
  t.same([none.status, none.json.validationErrors], [400, { recallDates: RECALL_NEEDS_DATE }])
  const tomorrow = latestDateAt(Date.now() + 86_400_000)
  await asAuthor.put(`/contributions/${id}`, { content: recall(['2025-03-12', tomorrow]), showName: true })
  const future = await asAuthor.post(`/contributions/${id}/submit`, {})
  t.same([future.status, future.json.validationErrors], [400, { recallDates: `${NO_FUTURE_RECALL}: ${tomorrow}` }])
  await asAuthor.put(`/contributions/${id}`, { content: recall(['2025-03-12']), showName: true })
  t.equal((await asAuthor.post(`/contributions/${id}/submit`, {})).status, 200)
  const approved = await asReviewer.post(`/contributions/${id}/approve`, {})
  const inBank = (await asAdmin.get('/cases')).json.find((view: { id: number }) => view.id === approved.json.caseId)
  t.match(inBank, { isRecallCase: true, recallDates: ['2025-03-12'] }, 'the bank keeps the recalled date')
  t.ok((await asAdmin.get('/cases/recall/dates')).json.includes('2025-03-12'), 'and offers it to recall sessions')
})

t.test(`a draft is checked for its types and sizes only; findings are words (${databaseKind()})`, async (t) => {
  const long = await asAuthor.post('/contributions', { content: { title: 'x'.repeat(201) }, showName: true })
  t.same([long.status, long.json.validationErrors], [400, { 'content.title': 'Title must be at most 200 characters' }])
  const image = await asAuthor.post('/contributions', { content: { visualData: { type: 'image', content: 'https://example.com/a.png' } }, showName: true })
  t.equal(image.status, 400)
  t.match(image.json.validationErrors['content.visualData.type'], /images are added by an administrator/)
  const noChoice = await asAuthor.post('/contributions', { content: {} })
  t.same(noChoice.json.validationErrors, { showName: 'Choose whether your name is shown with the case' })
})

t.test(`an author keeps at most ${OPEN_CONTRIBUTIONS_MAX} unapproved cases (${databaseKind()})`, async (t) => {
  const busy = await signedInUser(app, { name: 'Busy Bee' })
  const asBusy = api(app, busy)
  for (let n = 0; n < OPEN_CONTRIBUTIONS_MAX; n += 1) await asBusy.post('/contributions', { content: {}, showName: true })
  const refused = await asBusy.post('/contributions', { content: {}, showName: true })
  t.same([refused.status, refused.json.error], [409, TOO_MANY_OPEN])
})

t.test(`drafts are limited per user and minute (${databaseKind()})`, async (t) => {
  const limited = await testApp({ rateLimits: true })
  t.teardown(() => limited.close())
  const writer = api(limited, await signedInUser(limited))
  const answers = []
  for (let n = 0; n < 11; n += 1) answers.push((await writer.post('/contributions', { content: {}, showName: true })).status)
  t.same(answers, [...Array(10).fill(201), 429])
})
