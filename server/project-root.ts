import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The checkout's root: the nearest folder above this module that holds package.json. The same whether the
 * server runs from its source (server/) or built (dist/server/, one bundle), so files found from here (the
 * built client, the demo bank) are found by both.
 */
export const PROJECT_ROOT = nearestPackageFolder(path.dirname(fileURLToPath(import.meta.url)))

function nearestPackageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}
