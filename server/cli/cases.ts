import { parseArgs } from 'node:util'
import { casesCommand } from '../packs/cases-command.ts'
import { runCli } from './open-database.ts'

/** npm run cases -- export FILE [--ids 3,7] | import FILE | schema FILE : case packs (docs/case-pack.md). */
await runCli(async ({ db }, config) => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { ids: { type: 'string' } } })
  const [command, file, ...extra] = positionals
  console.log(await casesCommand(db, config.dataDir, { command, file: extra.length === 0 ? file : undefined, ids: values.ids }))
})
