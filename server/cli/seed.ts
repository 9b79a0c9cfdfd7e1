import { seedDemo } from '../demo-seed.ts'
import { runCli } from './open-database.ts'

await runCli(async ({ db }, config) => {
  await seedDemo(db, { info: (message) => console.log(message) }, { dataDir: config.dataDir, bank: 'add-missing' })
})
