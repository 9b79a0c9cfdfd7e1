import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { casesCommand } from '../../server/packs/cases-command.ts'
import { freshDatabase, urlOf } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { bankState, exportBank, seedSmallBank } from './helpers.ts'

/** The published JSON Schema, and `npm run cases -- export|import|schema FILE`. */

const ctx = await testApp()
const empty = await freshDatabase()
t.teardown(async () => {
  await ctx.close()
  await empty.close()
})
const admin = await signedInUser(ctx, { role: 'ADMIN' })
await seedSmallBank(ctx, admin)
const pack = (await exportBank(ctx, admin)).json
const folder = mkdtempSync(path.join(os.tmpdir(), 'plab-packs-'))

t.test('GET /api/case-packs/schema.json answers the pack\'s JSON Schema to anyone, and an exported pack has what it requires', async (t) => {
  const answer = await call(ctx.app, { method: 'GET', url: '/api/case-packs/schema.json' })
  t.equal(answer.status, 200)
  t.match(answer.headers['content-type'], /^application\/schema\+json/)
  const schema = answer.json
  t.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#')
  t.same(schema.properties.format, { const: 'plab2-case-pack' })
  t.same(schema.properties.formatVersion, { const: 1 })
  t.same([...schema.required].sort(), ['cases', 'exportedAt', 'format', 'formatVersion'])
  for (const key of schema.required) t.ok(key in pack, `the exported pack has ${key}`)
  const entry = schema.properties.cases.items
  t.same([...entry.required].sort(), ['case', 'category', 'key'])
  t.equal(entry.properties.key.pattern, '^[A-Za-z0-9._:-]{1,100}$')
  for (const exported of pack.cases) {
    for (const key of entry.required) t.ok(key in exported, `case ${exported.key} has ${key}`)
    for (const key of entry.properties.case.required) t.ok(key in exported.case, `case ${exported.key} has case.${key}`)
  }
  t.ok(entry.properties.case.properties.station, 'the station shape is in it')
})

t.test('npm run cases -- export, then import into an empty database: the same cases; a second import changes nothing', async (t) => {
  const file = path.join(folder, 'bank.json')
  const emptyDataDir = path.join(folder, 'empty-data')
  t.equal(await casesCommand(ctx.database.db, ctx.config.dataDir, { command: 'export', file }), `Exported 3 cases and 1 image to ${file}.`)
  const written = JSON.parse(readFileSync(file, 'utf8'))
  t.same(written.cases, pack.cases, 'the same document as the admin panel\'s download')

  const first = await casesCommand(empty.db, emptyDataDir, { command: 'import', file })
  t.match(first, new RegExp(`^Imported ${file}: created 3, updated 0, unchanged 0\\.\\nCreated: ${pack.cases[0].key}, `))
  t.same((await bankState(empty.db)).cases.map((row) => [row.key, row.version]), pack.cases.map((entry: { key: string }) => [entry.key, 1]))
  const versions = await empty.db.selectFrom('case_versions').select('created_by').execute()
  t.same(versions.map((row) => row.created_by), [null, null, null], 'saved by no one: the command line')
  const before = await bankState(empty.db)
  t.equal(await casesCommand(empty.db, emptyDataDir, { command: 'import', file }), `Imported ${file}: created 0, updated 0, unchanged 3.`)
  t.same(await bankState(empty.db), before)

  const again = path.join(folder, 'again.json')
  await casesCommand(empty.db, emptyDataDir, { command: 'export', file: again })
  t.same(JSON.parse(readFileSync(again, 'utf8')).cases, pack.cases, 'and exports back the same')
})

t.test('the command says what is wrong: usage, a file that is not JSON, every invalid field of a refused pack', async (t) => {
  const run = (args: Parameters<typeof casesCommand>[2]) => casesCommand(empty.db, folder, args)
  await t.rejects(run({ command: 'publish', file: 'x.json' }), { message: /^Usage: npm run cases -- export FILE/ })
  await t.rejects(run({ command: 'import', file: undefined }), { message: /^Usage/ })
  await t.rejects(run({ command: 'import', file: path.join(folder, 'none.json') }), { message: /no such file$/ })
  const notJson = path.join(folder, 'not.json')
  writeFileSync(notJson, '{ "format": ')
  await t.rejects(run({ command: 'import', file: notJson }), { message: new RegExp(`^${notJson} is not valid JSON`) })
  await t.rejects(run({ command: 'export', file: path.join(folder, 'x.json'), ids: 'one,two' }), { message: /^--ids takes case ids/ })

  const schemaFile = path.join(folder, 'schema.json')
  t.equal(await run({ command: 'schema', file: schemaFile }), `Wrote the case pack's JSON Schema to ${schemaFile}.`)
  t.same(JSON.parse(readFileSync(schemaFile, 'utf8')), (await call(ctx.app, { method: 'GET', url: '/api/case-packs/schema.json' })).json)
})

t.test('run as a command, a refused pack lists each invalid field and exits with 1', async (t) => {
  const bad = structuredClone(pack)
  bad.cases[0].case.station.checklist[0].domain = 'NOWHERE'
  bad.cases[2].case.title = ''
  const file = path.join(folder, 'bad.json')
  writeFileSync(file, JSON.stringify(bad))
  const database = process.env.DATABASE_URL ? await urlOf(empty) : ''
  const env = { ...process.env, DATA_DIR: path.join(folder, 'cli-data'), DATABASE_URL: database, JWT_SECRET: 'cases-cli-test-secret-cases-cli-test-1' }
  const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/cases.ts', 'import', file], { env }).catch((error) => error)
  t.equal(failed.code, 1)
  t.match(failed.stderr, `${file}: The pack has 2 invalid fields; nothing was imported.`)
  t.match(failed.stderr, /\n {2}cases\[0\]\.case\.station\.checklist\[0\]\.domain: A checklist item's domain must be one of/)
  t.match(failed.stderr, /\n {2}cases\[2\]\.case\.title: Title is required/)
})
