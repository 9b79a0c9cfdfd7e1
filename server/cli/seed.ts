import { seedDemo } from '../demo-seed.ts'
import { runCli } from './open-database.ts'

await runCli(async ({ db }, config) => {
  const log = { info: (message: string) => console.log(message) }
  await seedDemo(db, log as never, { dataDir: config.dataDir, bank: 'add-missing' })
})
