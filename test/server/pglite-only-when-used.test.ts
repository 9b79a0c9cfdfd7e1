import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Issue 15: @electric-sql/pglite (+43 MB) was imported even when DATABASE_URL is set. The server's whole module
// graph is loaded in a child process whose module hook writes down every module it resolves.
const RECORD_IMPORTS = `
import { appendFileSync } from 'node:fs'
let file
export function initialize(data) { file = data.file }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  appendFileSync(file, resolved.url + '\\n')
  return resolved
}`

const REGISTER_HOOK = `
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RECORD_IMPORTS)}), { data: { file: process.env.IMPORTS_FILE } })`

t.test('a server on PostgreSQL never loads PGlite', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plab-imports-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const importsFile = path.join(dir, 'imports.txt')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(REGISTER_HOOK)}`, 'server/main.ts'],
    {
      // Nothing listens on port 1: the server loads all its modules, fails to reach the database, and exits.
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATA_DIR: dir, IMPORTS_FILE: importsFile, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  )
  await new Promise((resolve) => child.once('exit', resolve))

  const imports = readFileSync(importsFile, 'utf8').split('\n')
  t.ok(imports.some((url) => url.includes('/node_modules/kysely/')), 'the hook saw the server load its packages')
  t.same(imports.filter((url) => url.includes('/@electric-sql/pglite/')), [], 'no PGlite module was loaded')
})
