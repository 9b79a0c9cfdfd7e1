import { parseArgs } from 'node:util'
import { rebuildReadModels } from '../sessions/store/rebuild.ts'
import { replayReport } from '../sessions/store/timeline.ts'
import { runCli } from './open-database.ts'

const USAGE = 'Usage: npm run replay -- CODE [--to N]   (or: npm run replay -- --rebuild-read-models)'

/** A maintainer's view of a session's log, to settle a dispute; or a rebuild of every read model from the logs. */
await runCli(async (handle) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, 'rebuild-read-models': { type: 'boolean' } },
  })
  if (values['rebuild-read-models']) {
    const { sessions } = await rebuildReadModels(handle.db)
    console.log(`Rebuilt the read models of ${sessions} sessions from their logs.`)
    return
  }
  const to = values.to === undefined ? undefined : Number(values.to)
  if (positionals.length !== 1 || (to !== undefined && !(Number.isInteger(to) && to > 0))) throw new Error(USAGE)
  console.log(await replayReport(handle.db, positionals[0], { to }))
})
