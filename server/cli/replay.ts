import { parseArgs } from 'node:util'
import { rebuildReadModels } from '../sessions/store/rebuild.ts'
import { replayReport, sessionIdFromLog } from '../sessions/store/timeline.ts'
import { sessionLogExport } from '../sessions/admin/session-export.ts'
import { runCli } from './open-database.ts'

const USAGE = 'Usage: npm run replay -- CODE [--to N | --json]   (or: npm run replay -- --rebuild-read-models)'

/** A maintainer's view of a session's log, to settle a dispute; or a rebuild of every read model from the logs. */
await runCli(async (handle) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, json: { type: 'boolean' }, 'rebuild-read-models': { type: 'boolean' } },
  })
  if (values['rebuild-read-models']) {
    const { sessions } = await rebuildReadModels(handle.db)
    console.log(`Rebuilt the read models of ${sessions} sessions from their logs.`)
    return
  }
  const to = values.to === undefined ? undefined : Number(values.to)
  if (positionals.length !== 1 || (to !== undefined && !(Number.isInteger(to) && to > 0)) || (values.json && to !== undefined)) throw new Error(USAGE)
  if (values.json) {
    // The very file the admin's export downloads (issue 37).
    const sessionId = await sessionIdFromLog(handle.db, positionals[0])
    if (sessionId === null) throw new Error(`No session with code ${positionals[0]}`)
    console.log(JSON.stringify(await sessionLogExport(handle.db, sessionId), null, 2))
    return
  }
  console.log(await replayReport(handle.db, positionals[0], { to }))
})
