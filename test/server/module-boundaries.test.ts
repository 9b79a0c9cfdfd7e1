import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Every .ts file under a folder of the project, with its text. */
function sources(folder: string): Array<{ file: string; text: string }> {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: path.join(folder, name), text: readFileSync(path.join(ROOT, folder, name), 'utf8') }))
}

/**
 * The board builds on sessions, never the other way round (issue 31, item 3): what the board adds to a session's
 * rules reaches the engine through OutsideTerms (server/sessions/engine/outside-terms.ts), handed over in app.ts.
 */
t.test('nothing in server/sessions imports the board', async (t) => {
  const files = sources('server/sessions')
  t.ok(files.length > 20, `read ${files.length} files`)
  const importing = files.filter(({ text }) => /from '(\.\.\/)+board\//.test(text)).map(({ file }) => file)
  t.same(importing, [])
})
