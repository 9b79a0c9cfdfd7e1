import t from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'

const ctx = await testApp()
t.teardown(() => ctx.close())
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN' })
const user = await signedInUser(ctx)

const create = (name: unknown, headers = admin.auth) => call(app, { method: 'POST', url: '/api/categories', body: { name }, headers })
const list = (headers = user.auth) => call(app, { method: 'GET', url: '/api/categories', headers })

/** A case in the category, straight through the API, so "in use" is real. */
const addCase = (categoryId: number, title: string) =>
  call(app, { method: 'POST', url: '/api/cases', headers: admin.auth, body: { title, category: { id: categoryId } } })

t.test('an admin creates, renames and deletes; everyone signed in lists', async (t) => {
  const created = await create('  Cardiology  ')
  t.equal(created.status, 201)
  t.match(created.json, { name: 'Cardiology', description: null })
  t.type(created.json.id, 'number', 'numeric id: the admin panel compares it with parseInt')
  await create('Aardvark studies')

  const listed = await list()
  t.equal(listed.status, 200)
  t.same(listed.json.map((c: { name: string }) => c.name), ['Aardvark studies', 'Cardiology'], 'sorted by name')

  const renamed = await call(app, { method: 'PUT', url: `/api/categories/${created.json.id}`, headers: admin.auth, body: { name: 'Cardiology & Vascular', id: 99 } })
  t.equal(renamed.status, 200)
  t.same(renamed.json, { id: created.json.id, name: 'Cardiology & Vascular', description: null }, 'an echoed id in the body is ignored')

  const deleted = await call(app, { method: 'DELETE', url: `/api/categories/${created.json.id}`, headers: admin.auth })
  t.same([deleted.status, deleted.json], [200, { message: 'Category deleted successfully' }])
  t.notOk((await list()).json.some((c: { id: number }) => c.id === created.json.id))
})

t.test('names are unique whatever their letter case', async (t) => {
  await create('Neurology')
  const again = await create('NEUROLOGY ')
  t.same([again.status, again.json.error], [409, 'Category with this name already exists'])
  const other = await create('Respiratory')
  const clash = await call(app, { method: 'PUT', url: `/api/categories/${other.json.id}`, headers: admin.auth, body: { name: 'neurology' } })
  t.same([clash.status, clash.json.error], [409, 'Category with this name already exists'])
  const sameNameNewCase = await call(app, { method: 'PUT', url: `/api/categories/${other.json.id}`, headers: admin.auth, body: { name: 'RESPIRATORY' } })
  t.same([sameNameNewCase.status, sameNameNewCase.json.name], [200, 'RESPIRATORY'], 'changing only the case of its own name is fine')
})

t.test('bad names and ids are 400 with the field and the rule', async (t) => {
  const blank = await create('   ')
  t.same([blank.status, blank.json.validationErrors], [400, { name: 'Name is required' }])
  const missing = await call(app, { method: 'POST', url: '/api/categories', headers: admin.auth, body: {} })
  t.same(missing.json.validationErrors, { name: 'Name is required' })
  const long = await create('x'.repeat(101))
  t.equal(long.json.error, 'Name must be at most 100 characters')
  t.equal((await create('x'.repeat(100))).status, 201, '100 characters is allowed')
  const wrongType = await create(42)
  t.equal(wrongType.status, 400)
  for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
    const response = await call(app, { method: 'PUT', url: `/api/categories/${id}`, headers: admin.auth, body: { name: 'Fine' } })
    t.same([response.status, response.json.error], [400, 'The id must be a positive whole number'], `id ${id}`)
  }
})

t.test('unknown ids are 404', async (t) => {
  const renamed = await call(app, { method: 'PUT', url: '/api/categories/999999', headers: admin.auth, body: { name: 'Ghost' } })
  t.same([renamed.status, renamed.json.error], [404, 'Category not found'])
  const deleted = await call(app, { method: 'DELETE', url: '/api/categories/999999', headers: admin.auth })
  t.same([deleted.status, deleted.json.error], [404, 'Category not found'])
})

t.test('a category with cases cannot be deleted: 409 with the count, nothing lost', async (t) => {
  const category = await create('Dermatology')
  await addCase(category.json.id, 'Itchy rash')
  await addCase(category.json.id, 'Changing mole')
  const refused = await call(app, { method: 'DELETE', url: `/api/categories/${category.json.id}`, headers: admin.auth })
  t.equal(refused.status, 409)
  t.same(refused.json, { error: 'Cannot delete a category that still has cases. Move or delete its 2 cases first.', caseCount: 2 })
  t.ok((await list()).json.some((c: { id: number }) => c.id === category.json.id), 'the category is still there')
  const cases = await call(app, { method: 'GET', url: '/api/cases', headers: admin.auth })
  t.equal(cases.json.filter((c: { category: { id: number } }) => c.category.id === category.json.id).length, 2, 'and so are its cases')

  // Once its cases are gone, the category can go.
  for (const c of cases.json.filter((c: { category: { id: number } }) => c.category.id === category.json.id)) {
    await call(app, { method: 'DELETE', url: `/api/cases/${c.id}`, headers: admin.auth })
  }
  const deleted = await call(app, { method: 'DELETE', url: `/api/categories/${category.json.id}`, headers: admin.auth })
  t.equal(deleted.status, 200)
})

t.test('who may call: 401 without a token, 403 for a USER on every write', async (t) => {
  t.equal((await list({} as never)).status, 401)
  t.equal((await create('Sneaky', {} as never)).status, 401)
  const existing = (await list()).json[0]
  const attempts = [
    await create('Sneaky', user.auth),
    await call(app, { method: 'PUT', url: `/api/categories/${existing.id}`, headers: user.auth, body: { name: 'Renamed' } }),
    await call(app, { method: 'DELETE', url: `/api/categories/${existing.id}`, headers: user.auth }),
  ]
  for (const attempt of attempts) t.same([attempt.status, attempt.json.error], [403, 'Administrator access is required'])
  t.ok((await list()).json.some((c: { name: string }) => c.name === existing.name), 'nothing changed')
  t.notOk((await list()).json.some((c: { name: string }) => c.name === 'Sneaky'))
})
