import type { FastifyBaseLogger } from 'fastify'
import { describeDemoAccounts, seedDemoAccounts } from './accounts/demo-accounts.ts'
import type { Db } from './db/connect.ts'

/** Demo content for a local try-out: accounts, and the demo case bank. Idempotent. */
export async function seedDemo(db: Db, log: FastifyBaseLogger) {
  const createdAccounts = await seedDemoAccounts(db)
  if (createdAccounts) log.info('Created the demo accounts')
  log.info(`\n${describeDemoAccounts()}`)
}
