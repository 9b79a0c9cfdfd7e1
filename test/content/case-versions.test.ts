import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { chestPainStation as station } from './station-fixture.ts'

const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN', name: 'Ada Admin' })
const otherAdmin = await signedInUser(ctx, { role: 'ADMIN', name: 'Otto Admin' })
const user = await signedInUser(ctx)
const reviewer = await signedInUser(ctx, { name: 'Rita Reviewer' })
// Before the reviewer's first request, so the account is read with its role.
await ctx.database.db.updateTable('users').set({ role: 'REVIEWER' }).where('id', '=', reviewer.id).execute()

const createCategory = async (name: string) => (await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name } })).json
const cardiology = await createCategory('Cardiology')

const post = (body: object) => call(app, { method: 'POST', url: '/api/cases', headers: admin.auth, body })
const put = (id: number, body: object, headers = admin.auth) => call(app, { method: 'PUT', url: `/api/cases/${id}`, headers, body })
const versions = (id: number | string, headers = admin.auth) => call(app, { method: 'GET', url: `/api/cases/${id}/versions`, headers })
const version = (id: number | string, number: number | string, headers = admin.auth) => call(app, { method: 'GET', url: `/api/cases/${id}/versions/${number}`, headers })
const restore = (id: number, number: number, headers = admin.auth) => call(app, { method: 'POST', url: `/api/cases/${id}/versions/${number}/restore`, headers })

const firstText = { title: 'Chest pain in a driver', description: 'Central chest pain', category: { id: cardiology.id }, station, isRecallCase: true, recallDates: ['2024-05-01'] }

/** What a version holds, without the number that names it. */
const content = ({ version: _version, ...rest }: { version: number }) => rest

/** A case saved three times: by Ada, then Otto, then Ada again. */
async function caseWithThreeVersions(title: string) {
  const first = (await post({ ...firstText, title })).json
  const second = (await put(first.id, { ...first, title: `${title}, second`, station: { ...station, difficulty: 'STANDARD' } }, otherAdmin.auth)).json
  const third = (await put(first.id, { ...second, title: `${title}, third`, recallDates: [] , isRecallCase: false })).json
  return { first, second, third }
}

t.test('every save makes the next version, kept with its title and who saved it, newest first', async (t) => {
  const { first, third } = await caseWithThreeVersions('History')
  t.same([first.version, third.version], [1, 3])
  const listed = await versions(first.id)
  t.equal(listed.status, 200)
  t.same(listed.json.map(({ version, title, savedBy }: { version: number; title: string; savedBy: string }) => [version, title, savedBy]), [
    [3, 'History, third', 'Ada Admin'],
    [2, 'History, second', 'Otto Admin'],
    [1, 'History', 'Ada Admin'],
  ])
  t.ok(listed.json.every((item: { savedAt: string }) => !Number.isNaN(Date.parse(item.savedAt))), 'each with when it was saved')
  t.notOk(JSON.stringify(listed.json).includes('@example.com'), 'no email in the history')
})

t.test('a version reads as it was saved, whatever came after', async (t) => {
  const { first, second } = await caseWithThreeVersions('Reading')
  const read = await version(first.id, 2)
  t.equal(read.status, 200)
  t.same(read.json, second, 'version 2 is exactly what its save answered')
  t.equal(read.json.station.difficulty, 'STANDARD')
  t.same((await version(first.id, 1)).json, first)

  const pastTheEnd = await version(first.id, 9)
  t.equal(pastTheEnd.status, 404)
  t.equal(pastTheEnd.json.error, `Case ${first.id} has versions 1 to 3`)
  t.equal((await version(first.id, 0)).status, 400, 'version 0 is no version')
  for (const answer of [await versions(987654), await version(987654, 1)]) {
    t.same([answer.status, answer.json.error], [404, 'Case not found'])
  }
})

t.test('restoring version 1 saves its text as version 4; the history is kept', async (t) => {
  const { first, second, third } = await caseWithThreeVersions('Restored')
  const restored = await restore(first.id, 1)
  t.equal(restored.status, 200)
  t.equal(restored.json.version, 4)
  t.same(content(restored.json), content(first), "version 1's text, item ids and recall dates included")
  t.same((await version(first.id, 4)).json, restored.json)
  t.same((await version(first.id, 2)).json, second, 'earlier versions unchanged')
  t.same((await version(first.id, 3)).json, third)
  const listed = (await versions(first.id)).json
  t.same(listed.map((item: { version: number; title: string; savedBy: string }) => [item.version, item.title, item.savedBy]).slice(0, 2), [
    [4, 'Restored', 'Ada Admin'],
    [3, 'Restored, third', 'Ada Admin'],
  ])
  const current = (await call(app, { method: 'GET', url: '/api/cases', headers: admin.auth })).json.find((item: { id: number }) => item.id === first.id)
  t.same(current, restored.json, 'the bank now holds the restored text')
})

t.test('a case in the older shape comes back with its section, criterion and sub-criterion ids and domains', async (t) => {
  const older = {
    title: 'Older shape',
    category: { id: cardiology.id },
    doctorNotes: 'Take a history',
    doctorSections: [{ id: 'section-task', title: 'Task', content: 'Ask about the pain', order: 0 }],
    feedbackCriteria: [
      { id: 'crit-history', name: 'History', domain: 'DATA_GATHERING', hasSubCriteria: true, subCriteria: [{ id: 'sub-onset', name: 'Onset' }] },
      { id: 'crit-rapport', name: 'Rapport', domain: null },
    ],
  }
  const first = (await post(older)).json
  await put(first.id, { ...first, doctorSections: [], feedbackCriteria: [{ name: 'Something else', domain: 'INTERPERSONAL' }] })
  const restored = (await restore(first.id, 1)).json
  t.same(content(restored), content(first))
  t.same(restored.feedbackCriteria.map((criterion: { id: string; domain: string | null }) => [criterion.id, criterion.domain]), [['crit-history', 'DATA_GATHERING'], ['crit-rapport', null]])
  t.equal(restored.feedbackCriteria[0].subCriteria[0].id, 'sub-onset')
})

t.test('a version copied before criteria had domains (migrations/0018) reads them as unassigned', async (t) => {
  const first = (await post({ ...firstText, station: undefined, title: 'Before domains', feedbackCriteria: [{ id: 'crit-old', name: 'History', domain: 'DATA_GATHERING' }] })).json
  const { domain: _, ...undomained } = first.feedbackCriteria[0]
  const { id: _id, version: _version, contributed: _contributed, contributorName: _name, ...stored } = first
  await ctx.database.db.updateTable('case_versions').set({ content: JSON.stringify({ ...stored, feedbackCriteria: [undomained] }) }).where('case_id', '=', first.id).execute()
  const read = await version(first.id, 1)
  t.equal(read.status, 200)
  t.same(read.json.feedbackCriteria[0], { ...undomained, domain: null })
})

t.test('candidates may not see a history; reviewers read it but only an admin restores', async (t) => {
  const { first } = await caseWithThreeVersions('Guarded')
  for (const answer of [await versions(first.id, user.auth), await version(first.id, 1, user.auth), await restore(first.id, 1, user.auth)]) {
    t.equal(answer.status, 403)
  }
  t.equal((await versions(first.id, reviewer.auth)).status, 200)
  t.equal((await version(first.id, 1, reviewer.auth)).json.title, 'Guarded')
  const refused = await restore(first.id, 1, reviewer.auth)
  t.same([refused.status, refused.json.error], [403, 'Administrator access is required'])
  t.equal((await versions(first.id)).json.length, 3, 'nothing saved')
  t.equal((await call(app, { method: 'GET', url: `/api/cases/${first.id}/versions` })).status, 401)
})

t.test("a version whose category was deleted since is refused, naming the category", async (t) => {
  const dropped = await createCategory('Dropped topic')
  const kept = await createCategory('Kept topic')
  const first = (await post({ ...firstText, title: 'Moved case', category: { id: dropped.id } })).json
  await put(first.id, { ...first, category: { id: kept.id } })
  t.equal((await call(app, { method: 'DELETE', url: `/api/categories/${dropped.id}`, headers: admin.auth })).status, 200)
  const refused = await restore(first.id, 1)
  t.equal(refused.status, 409)
  t.match(refused.json.error, /^Version 1 was in the category "Dropped topic", which has been deleted since/)
  t.equal((await versions(first.id)).json.length, 2, 'no version saved')
  t.equal((await restore(first.id, 2)).json.category.name, 'Kept topic', 'a version in a living category restores')
})
