import { readdirSync } from 'node:fs'
import t from 'tap'
import { MIGRATIONS } from '../../migrations/index.ts'
import { MIGRATIONS_DIR } from '../helpers/db.ts'

t.test('migrations/index.ts lists every migration file of the folder, by its name, each with an up', async (t) => {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''))
    .sort()
  t.same(Object.keys(MIGRATIONS).sort(), files)
  for (const [name, migration] of Object.entries(MIGRATIONS)) t.equal(typeof migration.up, 'function', `${name} has up`)
})
