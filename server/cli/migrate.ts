import { runCli } from './open-database.ts'

await runCli(async (handle) => {
  console.log(`Database (${handle.kind}) is up to date.`)
})
