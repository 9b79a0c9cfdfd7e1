import type { FastifyBaseLogger } from 'fastify'
import { describeDemoAccounts, seedDemoAccounts } from './accounts/demo-accounts.ts'
import { seedDemoBank } from './content/demo-bank.ts'
import type { Db } from './db/connect.ts'

/** Demo content for a local try-out: accounts, and the demo case bank. Idempotent. */
export async function seedDemo(db: Db, log: FastifyBaseLogger, options: { dataDir: string }) {
  const createdAccounts = await seedDemoAccounts(db)
  if (createdAccounts) log.info('Created the demo accounts')
  log.info(`\n${describeDemoAccounts()}`)
  const bank = await seedDemoBank(db, { dataDir: options.dataDir })
  log.info(
    `Demo case bank: ${bank.casesCreated} cases and ${bank.categoriesCreated} categories created, ${bank.casesAlreadyPresent} cases already present`,
  )
}
