import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

// docs/ARCHITECTURE.md names the files a newcomer should open: every one of them must exist. A backticked name
// with a slash is a path from the repository's root (a trailing slash names a folder, a `*` a pattern that must
// match something); a bare file name (`query-routes.ts`) sits in the folder of the last path named before it on
// the same line, as the document writes them ("`server/sessions/http/routes.ts` (reads: `query-routes.ts`)").

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const document = 'docs/ARCHITECTURE.md'

const FILE_NAME = /\.(ts|tsx|md|mjs|json|gz)$/
/** An address (`/api/...`, `/topic/...`), a placeholder or words are not files. */
const looksLikeRepoPath = (text: string) =>
  !/[\s{}]/.test(text) && !text.startsWith('/') && !text.startsWith('../') && (text.includes('/') || FILE_NAME.test(text))

export function namedPaths(markdown: string): { line: number, name: string, resolved: string }[] {
  const found: { line: number, name: string, resolved: string }[] = []
  markdown.split('\n').forEach((text, index) => {
    let folder: string | null = null
    for (const [, name] of text.matchAll(/`([^`]+)`/g)) {
      if (!looksLikeRepoPath(name)) continue
      if (name.includes('/')) {
        folder = name.endsWith('/') ? name : path.posix.dirname(name)
        found.push({ line: index + 1, name, resolved: name })
      } else {
        found.push({ line: index + 1, name, resolved: folder ? path.posix.join(folder, name) : name })
      }
    }
  })
  return found
}

/** A pattern is `folder/*suffix` (Node 20 has no glob): some file of the folder must end so. */
function exists(relative: string): boolean {
  if (!relative.includes('*')) return existsSync(path.join(root, relative))
  const folder = path.join(root, path.posix.dirname(relative))
  const suffix = path.posix.basename(relative).replace(/^\*/, '')
  return existsSync(folder) && readdirSync(folder).some((file) => file.endsWith(suffix))
}

t.test('every file docs/ARCHITECTURE.md names exists', async (t) => {
  const named = namedPaths(readFileSync(path.join(root, document), 'utf8'))
  t.ok(named.length > 50, `the document names ${named.length} files`)
  const missing = named.filter(({ resolved }) => !exists(resolved))
  t.same(missing.map(({ line, name, resolved }) => `${document}:${line} \`${name}\` (${resolved})`), [], 'no named file is missing')
})

t.test('the extraction reads paths, bare names beside them, folders and patterns, and skips addresses', async (t) => {
  const named = namedPaths('`server/sessions/http/routes.ts` (reads: `query-routes.ts`), `server/board/`, `web/session/phases/*.tsx`, `/topic/session/{code}`, `POST /api/x`, `evolve`')
  t.same(named.map(({ resolved }) => resolved), ['server/sessions/http/routes.ts', 'server/sessions/http/query-routes.ts', 'server/board/', 'web/session/phases/*.tsx'])
})
