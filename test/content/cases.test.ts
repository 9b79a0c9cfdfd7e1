import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'

const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN' })
const user = await signedInUser(ctx)

const category = (await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name: 'Cardiology' } })).json
const other = (await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: { name: 'Psychiatry' } })).json

const post = (body: object, headers = admin.auth) => call(app, { method: 'POST', url: '/api/cases', headers, body })
const put = (id: number | string, body: object, headers = admin.auth) => call(app, { method: 'PUT', url: `/api/cases/${id}`, headers, body })
const listCases = (headers = admin.auth) => call(app, { method: 'GET', url: '/api/cases', headers })
const caseCount = async (title: string) => (await listCases()).json.filter((c: { title: string }) => c.title === title).length

const editorState = {
  title: '  Chest pain in a 54-year-old  ',
  description: 'A man with central chest pain for two hours.',
  category: { id: category.id, name: 'Cardiology' },
  doctorNotes: 'Take a focused history.',
  patientNotes: 'You are worried it is your heart.',
  doctorSections: [
    { id: 'section-b', title: 'Task', content: 'Explain the plan', order: 5 },
    { id: 'section-a', title: 'Setting', content: 'Emergency department', order: 2 },
  ],
  patientSections: [{ title: 'History', content: 'Pain like a weight', order: 0 }],
  visualData: { type: 'text', content: 'ECG: ST elevation in II, III, aVF' },
  imageUrl: 'https://example.org/ignored.png',
  feedbackCriteria: [
    { id: 'c2', name: 'Management', order: 1, hasSubCriteria: false, subCriteria: [{ name: 'left over', order: 0 }] },
    { id: 'c1', name: 'History', order: 0, hasSubCriteria: true, subCriteria: [{ name: 'Onset', order: 3 }, { id: 's-site', name: 'Site', order: 1 }] },
  ],
  isRecallCase: true,
  recallDates: ['2024-05-01', '2024-01-15', '2024-05-01'],
  // Echoed legacy fields of the reference server's case: tolerated and dropped.
  duration: 15,
  doctorInstructions: null,
  learningObjectives: 'x',
}

t.test('an admin creates a case: normalised, and answered as the full WIRE case', async (t) => {
  const created = await post(editorState)
  t.equal(created.status, 201)
  const saved = created.json
  t.type(saved.id, 'number')
  t.equal(saved.title, 'Chest pain in a 54-year-old', 'trimmed')
  t.same(saved.category, { id: category.id, name: 'Cardiology', description: null })
  t.same(saved.doctorSections, [
    { id: 'section-a', title: 'Setting', content: 'Emergency department', order: 0 },
    { id: 'section-b', title: 'Task', content: 'Explain the plan', order: 1 },
  ], 'sorted by order and renumbered, ids kept')
  t.match(saved.patientSections, [{ id: /^section-[0-9a-f]{12}$/, title: 'History', order: 0 }], 'a missing id is generated')
  t.equal(saved.feedbackCriteria[0].name, 'History')
  t.same(saved.feedbackCriteria[0].subCriteria.map((s: { name: string; order: number }) => [s.name, s.order]), [['Site', 0], ['Onset', 1]])
  t.match(saved.feedbackCriteria[0].subCriteria[1].id, /^sub-[0-9a-f]{12}$/)
  t.same(saved.feedbackCriteria[1], { id: 'c2', name: 'Management', domain: null, order: 1, hasSubCriteria: false, subCriteria: [] }, 'sub-criteria off clears them')
  t.same(saved.visualData, { type: 'text', content: 'ECG: ST elevation in II, III, aVF' })
  t.equal(saved.imageUrl, null, 'a text finding has no image URL')
  t.same([saved.isRecallCase, saved.recallDates], [true, ['2024-01-15', '2024-05-01']], 'recall dates de-duplicated and sorted')
  t.notOk('duration' in saved || 'learningObjectives' in saved, 'legacy fields are not stored')

  const listed = await listCases()
  t.same(listed.json.find((c: { id: number }) => c.id === saved.id), saved, 'GET /cases answers the same case')
})

t.test('GET /cases answers exactly the declared case fields, whatever a stored row holds beside them', async (t) => {
  const saved = (await post({ ...editorState, title: 'Stored with a stray key' })).json
  // As an old import might have left it: a section carrying a key the wire case does not have.
  const strayed = saved.doctorSections.map((section: object) => ({ ...section, internalNote: 'not for the wire' }))
  await ctx.database.db.updateTable('cases').set({ doctor_sections: JSON.stringify(strayed) }).where('id', '=', saved.id).execute()
  const listed = (await listCases()).json.find((c: { id: number }) => c.id === saved.id)
  const caseKeys = ['category', 'contributed', 'contributorName', 'description', 'doctorNotes', 'doctorSections', 'feedbackCriteria', 'id', 'imageUrl', 'isRecallCase', 'patientNotes', 'patientSections', 'recallDates', 'station', 'telephoneConsultation', 'title', 'version', 'visualData']
  t.same(Object.keys(listed).sort(), caseKeys)
  t.same(Object.keys(listed.category).sort(), ['description', 'id', 'name'])
  t.same(listed.doctorSections, saved.doctorSections, 'the stray key is dropped by the answer schema')
})

t.test('edits keep order contiguous, and recall dates follow the flag', async (t) => {
  const saved = (await post({ ...editorState, title: 'To be edited' })).json
  // The editor moved "Task" up and removed a section; it sends its state with the old order numbers.
  const edited = await put(saved.id, {
    ...saved,
    doctorSections: [{ ...saved.doctorSections[1], order: 0 }, { id: 'section-new', title: 'Extra', content: 'More', order: 7 }],
    feedbackCriteria: [{ ...saved.feedbackCriteria[0], hasSubCriteria: false }],
    isRecallCase: false,
  })
  t.equal(edited.status, 200)
  t.same(edited.json.doctorSections.map((s: { id: string; order: number }) => [s.id, s.order]), [['section-b', 0], ['section-new', 1]])
  t.same(edited.json.feedbackCriteria[0].subCriteria, [], 'turning sub-criteria off clears them')
  t.equal(edited.json.feedbackCriteria[0].hasSubCriteria, false)
  t.same([edited.json.isRecallCase, edited.json.recallDates], [false, []], 'not a recall case: no recall dates kept')

  const moved = await put(saved.id, { ...edited.json, category: { id: String(other.id) }, visualData: null, imageUrl: '/uploads/images/abc.png' })
  t.same(moved.json.category, { id: other.id, name: 'Psychiatry', description: null }, 'category looked up by id, numeric text accepted')
  t.same([moved.json.visualData, moved.json.imageUrl], [{ type: 'image', content: '/uploads/images/abc.png' }, '/uploads/images/abc.png'], 'a bare URL becomes the image')

  const image = await put(saved.id, { ...moved.json, visualData: { type: 'image', content: 'https://example.org/x.png' }, imageUrl: 'https://example.org/old.png' })
  t.equal(image.json.imageUrl, 'https://example.org/x.png', 'an image finding sets the image URL')
})

t.test('criterion domains: set, kept by an edit that sends none (the spec\'s editor), unassigned by null; unknown ones named', async (t) => {
  const withDomains = editorState.feedbackCriteria.map((criterion, index) => ({ ...criterion, domain: index === 0 ? 'CLINICAL_MANAGEMENT' : 'DATA_GATHERING' }))
  const saved = (await post({ ...editorState, title: 'With domains', feedbackCriteria: withDomains })).json
  t.same(saved.feedbackCriteria.map((c: { id: string; domain: string }) => [c.id, c.domain]), [['c1', 'DATA_GATHERING'], ['c2', 'CLINICAL_MANAGEMENT']])

  const specEditor = saved.feedbackCriteria.map(({ domain: _, ...criterion }: { domain: string }) => criterion)
  const kept = await put(saved.id, { ...saved, feedbackCriteria: [...specEditor, { name: 'Rapport', order: 2 }] })
  t.same(kept.json.feedbackCriteria.map((c: { domain: string | null }) => c.domain), ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', null], 'kept; a new one unassigned')

  const unassigned = await put(saved.id, { ...kept.json, feedbackCriteria: kept.json.feedbackCriteria.map((c: object) => ({ ...c, domain: null })) })
  t.same(unassigned.json.feedbackCriteria.map((c: { domain: string | null }) => c.domain), [null, null, null])

  const unknown = await post({ ...editorState, title: 'Unknown domain case', feedbackCriteria: [{ name: 'History', domain: 'HISTORY' }] })
  t.equal(unknown.status, 400)
  t.match(unknown.json.validationErrors['feedbackCriteria.0.domain'], /^Unknown domain "HISTORY"/)
  t.equal(await caseCount('Unknown domain case'), 0)
})

t.test('telephone consultation (issue 29): set and cleared by the editor, kept by an edit that sends none, checked', async (t) => {
  const plain = (await post({ ...editorState, title: 'Not a telephone case' })).json
  t.equal(plain.telephoneConsultation, false, 'a body without the field (the spec\'s editor) makes an ordinary case')
  const saved = (await post({ ...editorState, title: 'Telephone case', telephoneConsultation: true })).json
  t.equal(saved.telephoneConsultation, true)
  const { telephoneConsultation: _, ...specEditor } = saved
  t.equal((await put(saved.id, specEditor)).json.telephoneConsultation, true, 'an edit without the field keeps it')
  t.equal((await put(saved.id, { ...saved, telephoneConsultation: false })).json.telephoneConsultation, false, 'our editor clears it')
  const bad = await post({ ...editorState, title: 'Bad telephone case', telephoneConsultation: 'yes' })
  t.same([bad.status, bad.json.validationErrors], [400, { telephoneConsultation: 'telephoneConsultation must be true or false' }])
  t.equal(await caseCount('Bad telephone case'), 0)
})

t.test('the recall date list: any signed-in user, sorted and distinct', async (t) => {
  await post({ ...editorState, title: 'Another recall', recallDates: ['2023-12-31', '2024-05-01'] })
  const dates = await call(app, { method: 'GET', url: '/api/cases/recall/dates', headers: user.auth })
  t.equal(dates.status, 200)
  t.same(dates.json, ['2023-12-31', '2024-01-15', '2024-05-01'])
  t.equal((await call(app, { method: 'GET', url: '/api/cases/recall/dates' })).status, 401)
})

t.test('invalid bodies: 400 naming the field and the rule', async (t) => {
  const missing = await post({ description: 'no title' })
  t.equal(missing.status, 400)
  t.same(missing.json.validationErrors, { title: 'Title is required', category: 'Category is required' })
  t.equal((await post({ ...editorState, title: '   ' })).json.validationErrors.title, 'Title is required')
  for (const bad of [null, 'Cardiology', {}, { id: null }, { id: '' }, { id: 'abc' }, { id: 0 }, { id: 1.5 }]) {
    const response = await post({ ...editorState, category: bad })
    t.same(response.json.validationErrors, { category: 'Category is required' }, JSON.stringify(bad))
  }
  const unknownCategory = await post({ ...editorState, category: { id: 999999 } })
  t.same([unknownCategory.status, unknownCategory.json.error], [400, 'Category not found'])
  const badDates = await post({ ...editorState, recallDates: ['2024-02-30'] })
  t.same(badDates.json.validationErrors, { 'recallDates.0': 'Recall dates must be real calendar dates' })
  t.equal((await post({ ...editorState, recallDates: ['15/01/2024'] })).json.error, 'Recall dates must be written yyyy-mm-dd')
  t.equal((await post({ ...editorState, feedbackCriteria: [{ name: '', order: 0 }] })).json.error, 'Criterion name is required')
  t.equal((await post({ ...editorState, visualData: { type: 'video', content: 'x' } })).json.error, 'Visual data type must be image or text')
  const script = await post({ ...editorState, visualData: { type: 'image', content: 'javascript:alert(1)' } })
  t.equal(script.json.error, 'Image URL must start with http://, https:// or /')
  t.equal((await post({ ...editorState, imageUrl: 'data:image/png;base64,AAAA', visualData: null })).status, 400)
  t.equal((await post({ ...editorState, doctorSections: 'not a list' })).json.error, 'Sections must be a list')
  t.equal((await put('abc', editorState)).json.error, 'The id must be a positive whole number')
})

t.test('unknown ids are 404', async (t) => {
  t.same([(await put(999999, editorState)).status, (await put(999999, editorState)).json.error], [404, 'Case not found'])
  const deleted = await call(app, { method: 'DELETE', url: '/api/cases/999999', headers: admin.auth })
  t.same([deleted.status, deleted.json.error], [404, 'Case not found'])
})

t.test('delete removes the case and its recall dates', async (t) => {
  const saved = (await post({ ...editorState, title: 'Short-lived', recallDates: ['2020-02-02'] })).json
  const deleted = await call(app, { method: 'DELETE', url: `/api/cases/${saved.id}`, headers: admin.auth })
  t.same([deleted.status, deleted.json], [200, { message: 'Case deleted successfully' }])
  t.notOk((await listCases()).json.some((c: { id: number }) => c.id === saved.id))
  const dates = await call(app, { method: 'GET', url: '/api/cases/recall/dates', headers: user.auth })
  t.notOk(dates.json.includes('2020-02-02'))
})

t.test('full case content is for admins only: 401 and 403 everywhere else', async (t) => {
  const existing = (await listCases()).json[0]
  const asUser = [
    await listCases(user.auth),
    await post(editorState, user.auth),
    await put(existing.id, editorState, user.auth),
    await call(app, { method: 'DELETE', url: `/api/cases/${existing.id}`, headers: user.auth }),
  ]
  for (const response of asUser) t.same([response.status, response.json.error], [403, 'Administrator access is required'])
  t.notMatch(JSON.stringify(asUser[0].json), existing.patientNotes, 'no case content leaks in the refusal')
  for (const response of [await listCases({} as never), await post(editorState, {} as never), await put(existing.id, editorState, {} as never)]) {
    t.equal(response.status, 401)
  }
  t.same((await listCases()).json.find((c: { id: number }) => c.id === existing.id), existing, 'unchanged')
})
