import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildApp } from '../../server/app.ts'
import { openDatabase } from '../../server/cli/open-database.ts'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { as, readyRoom, seedBank } from '../sessions/helpers.ts'

/** `npm run replay -- CODE --json` prints exactly the file the admin's export downloads (issue 37). */

t.test('npm run replay -- CODE --json prints the export', { skip: databaseKind() !== 'pglite' && 'the CLI run uses an embedded database' }, async (t) => {
  const template = await testApp()
  await template.close()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-replay-json-'))
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'replay-test-secret-replay-test-secret-1' }
  const config = { ...template.config, dataDir, databaseUrl: null }
  const database = await openDatabase(config)
  const onDisk = await buildApp({ config, database, logger: false })
  const target: TestApp = { app: onDisk, database, config, close: async () => {} }
  await seedBank(database.db, { Cardiology: 1 })
  const room = await readyRoom(target)
  await as(target, room.doctor).post(`/sessions/${room.code}/start`)
  const admin = await signedInUser(target, { role: 'ADMIN' })
  const downloaded = await call(onDisk, { method: 'GET', url: `/api/admin/sessions/${room.code}/export`, headers: admin.auth })
  t.equal(downloaded.status, 200)
  await onDisk.close()
  await database.close()

  const run = promisify(execFile)
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/replay.ts', room.code.toLowerCase(), '--json'], { env })
  t.same(JSON.parse(stdout), downloaded.json)
  const refused = await run(process.execPath, ['--import', 'tsx', 'server/cli/replay.ts', room.code, '--json', '--to', '2'], { env }).catch((error) => error)
  t.match(refused.stderr, /Usage: npm run replay -- CODE \[--to N \| --json\]/)
})
