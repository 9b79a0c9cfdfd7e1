import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { sql } from 'kysely'
import { checkPack } from '../../server/packs/check-pack.ts'
import { GIF, png } from '../content/images.ts'
import { bankState, exportBank, importPack, seedSmallBank } from './helpers.ts'

/** A pack that breaks any rule is refused whole, every invalid field named by its path, and the bank left as it was. */

const ctx = await testApp()
t.teardown(() => ctx.close())
const admin = await signedInUser(ctx, { role: 'ADMIN' })
const user = await signedInUser(ctx)
await seedSmallBank(ctx, admin)
const pack = (await exportBank(ctx, admin)).json
const imageDir = path.join(ctx.config.dataDir, 'uploads', 'images')
const files = () => (existsSync(imageDir) ? readdirSync(imageDir).sort() : [])

/** A new case of the pack, valid until a test spoils it: a new key, in a category the bank does not have yet. */
const newEntry = (key: string) => ({ ...structuredClone(pack.cases[1]), key, category: { name: 'Brand new category', description: null } })

async function refused(t: Test, broken: unknown) {
  const before = { state: await bankState(ctx.database.db), files: files() }
  const answer = await importPack(ctx, admin, broken)
  t.equal(answer.status, 400)
  t.same(await bankState(ctx.database.db), before.state, 'the bank unchanged: no case, no version, no category')
  t.same(files(), before.files, 'no image written')
  return answer.json
}

t.test('every invalid field is listed by its path, and nothing is imported, not even the valid cases', async (t) => {
  const broken = structuredClone(pack)
  broken.cases[0].case.station.checklist[2].domain = 'BEDSIDE_MANNER'
  broken.cases[1].case.title = '   '
  broken.cases[2].key = 'has spaces'
  broken.cases[2].category.name = ''
  broken.cases.push(newEntry('new-and-valid'))
  const answer = await refused(t, broken)
  t.equal(answer.error, 'The pack has 4 invalid fields; nothing was imported.')
  t.same(Object.keys(answer.validationErrors).sort(), ['cases[0].case.station.checklist[2].domain', 'cases[1].case.title', 'cases[2].category.name', 'cases[2].key'])
  t.match(answer.validationErrors['cases[0].case.station.checklist[2].domain'], /^A checklist item's domain must be one of DATA_GATHERING/)
  t.equal(answer.validationErrors['cases[1].case.title'], 'Title is required')
  t.match(answer.validationErrors['cases[2].key'], /^A case key is 1-100 letters/)
})

t.test('what the schema cannot see is found before anything is written: a key twice, a false image, a missing image', async (t) => {
  const broken = structuredClone(pack)
  const gifAsPng = newEntry('gif-claiming-png')
  gifAsPng.images = [{ ...gifAsPng.images[0], base64: GIF.toString('base64') }]
  const notAnImage = newEntry('not-an-image')
  notAnImage.images = [{ ...notAnImage.images[0], base64: Buffer.from('hello, world').toString('base64') }]
  const missing = newEntry('missing-image')
  missing.case.visualData.content = '/uploads/images/nowhere.png'
  broken.cases.push(newEntry(pack.cases[0].key), gifAsPng, notAnImage, missing)
  const answer = await refused(t, broken)
  t.same(answer.validationErrors, {
    'cases[3].key': `The key ${pack.cases[0].key} is also the key of cases[0]: each case needs its own`,
    'cases[4].images[0].mediaType': 'The image is image/gif, not image/png',
    'cases[5].images[0].base64': 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
    'cases[6].case.visualData.content': "The image nowhere.png is neither among this case's images nor stored on this server",
  })
})

t.test('one refusal names both kinds together: a field the schema refuses, and a repeated key or a false image elsewhere', async (t) => {
  const broken = structuredClone(pack)
  broken.cases[1].case.title = ''
  const gifAsPng = newEntry('gif-claiming-png')
  gifAsPng.images = [{ ...gifAsPng.images[0], base64: GIF.toString('base64') }]
  const badKey = newEntry('bad key')
  broken.cases.push(newEntry(pack.cases[0].key), gifAsPng, badKey, newEntry('bad key'))
  const answer = await refused(t, broken)
  t.same(answer.validationErrors, {
    'cases[1].case.title': 'Title is required',
    'cases[5].key': answer.validationErrors['cases[5].key'],
    'cases[6].key': answer.validationErrors['cases[6].key'],
    'cases[3].key': `The key ${pack.cases[0].key} is also the key of cases[0]: each case needs its own`,
    'cases[4].images[0].mediaType': 'The image is image/gif, not image/png',
  })
  t.match(answer.validationErrors['cases[5].key'], /^A case key is 1-100 letters/, 'a key the schema refuses is not also called a repeat')
  t.equal(answer.error, 'The pack has 5 invalid fields; nothing was imported.')
})

t.test('a pack of another format or format version is refused as a whole, saying which', async (t) => {
  const future = await refused(t, { ...pack, formatVersion: 2, cases: 'read differently' })
  t.equal(future.error, 'This pack is format 2; this server reads format 1')
  t.same(Object.keys(future.validationErrors), ['formatVersion'], 'its fields are not judged by this format\'s rules')
  const other = await refused(t, { format: 'someone-elses-bank', formatVersion: 1 })
  t.equal(other.error, 'This is not a case pack: its format must be "plab2-case-pack"')
  t.equal((await refused(t, [pack])).error, 'A case pack is a JSON object')
})

t.test('limits on sizes and counts have clear messages', async (t) => {
  const tooMany = { ...pack, cases: Array.from({ length: 2001 }, (_, n) => ({ ...pack.cases[2], key: `k${n}` })) }
  t.same((await refused(t, tooMany)).validationErrors, { cases: 'At most 2000 cases in one pack' })
  const entry = newEntry('many-images')
  entry.images = Array.from({ length: 11 }, (_, n) => ({ ...entry.images[0], name: `image-${n}.png` }))
  t.same((await refused(t, { ...pack, cases: [entry] })).validationErrors, { 'cases[0].images': 'At most 10 images per case' })
  const huge = newEntry('huge-image')
  huge.images[0].base64 = 'A'.repeat(7_000_000)
  t.same((await refused(t, { ...pack, cases: [huge] })).validationErrors, { 'cases[0].images[0].base64': 'An image must be at most 5 MB' })
})

t.test('a failure while saving rolls the whole import back, and removes the images it brought', async (t) => {
  const { db } = ctx.database
  await sql`create function refuse_test_case() returns trigger language plpgsql as $$
    begin if new.title = 'Refused by the database' then raise exception 'refused for the test'; end if; return new; end $$`.execute(db)
  await sql`create trigger refuse_test_case before insert on cases for each row execute function refuse_test_case()`.execute(db)
  t.teardown(() => sql`drop trigger refuse_test_case on cases`.execute(db))
  const withImage = newEntry('brings-an-image')
  withImage.images = [{ name: 'fresh.png', mediaType: 'image/png', base64: png(5, 5).toString('base64') }]
  withImage.case.visualData.content = withImage.case.imageUrl = '/uploads/images/fresh.png'
  const failing = newEntry('fails-to-save')
  failing.case.title = 'Refused by the database'
  const before = { state: await bankState(db), files: files() }
  const answer = await importPack(ctx, admin, { ...pack, cases: [withImage, failing] })
  t.equal(answer.status, 500)
  t.same(await bankState(db), before.state, 'neither case, nor the new category')
  t.same(files(), before.files, 'the image stored for the first case is gone again')
})

t.test('text the database cannot store is named by its path, for the command line too', async (t) => {
  const entry = newEntry('nul-in-notes')
  entry.case.patientNotes = 'before\u0000after'
  const answer = await checkPack({ ...pack, cases: [entry] }, imageDir).catch((error) => error)
  t.same(answer.extra.validationErrors, { 'cases[0].case.patientNotes': 'This field contains a character that cannot be stored (a NUL or an unpaired surrogate)' })
})

t.test('only admins export and import; signed out is 401, a candidate 403', async (t) => {
  const before = await bankState(ctx.database.db)
  for (const [headers, status] of [[{}, 401], [user.auth, 403]] as const) {
    t.equal((await call(ctx.app, { method: 'GET', url: '/api/case-packs/export', headers })).status, status, `export: ${status}`)
    t.equal((await call(ctx.app, { method: 'POST', url: '/api/case-packs/import', headers, body: pack })).status, status, `import: ${status}`)
  }
  t.same(await bankState(ctx.database.db), before)
})

t.test('a pack larger than an ordinary request (1 MB) is accepted on the import route', async (t) => {
  const big = newEntry('a-long-case')
  big.case.doctorNotes = 'x'.repeat(49_000)
  const entries = Array.from({ length: 30 }, (_, n) => ({ ...structuredClone(big), key: `long-${n}` }))
  const answer = await importPack(ctx, admin, { ...pack, cases: entries })
  t.equal(answer.status, 200)
  t.equal(answer.json.created.length, 30)
})
