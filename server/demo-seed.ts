import { describeDemoAccounts, seedDemoAccounts } from './accounts/demo-accounts.ts'
import { DEMO_BANK_DIR, seedDemoBank } from './content/demo-bank.ts'
import { readDemoBank } from './content/demo-bank-files.ts'
import { upgradeDemoCases } from './content/demo-upgrade.ts'
import type { Db } from './db/connect.ts'

export interface DemoSeedOptions {
  dataDir: string
  /**
   * 'if-empty' (server start-up): load the demo bank only into a bank with no cases, so a demo case an admin
   * deleted or renamed does not come back at the next restart. 'add-missing' (`npm run seed`): add every demo
   * case whose title is not in the bank.
   */
  bank: 'if-empty' | 'add-missing'
}

/** Where seeding says what it did. */
export interface SeedLog {
  info(message: string): void
}

/** Demo content for a local try-out: accounts, and the demo case bank. Idempotent; answers whether it wrote anything. */
export async function seedDemo(db: Db, log: SeedLog, options: DemoSeedOptions): Promise<boolean> {
  const createdAccounts = await seedDemoAccounts(db)
  if (createdAccounts) log.info('Created the demo accounts')
  log.info(`\n${describeDemoAccounts()}`)
  if (options.bank === 'if-empty' && (await db.selectFrom('cases').select('id').limit(1).executeTakeFirst())) {
    const upgraded = await upgradeDemoCases(db, await readDemoBank(DEMO_BANK_DIR))
    log.info(`Demo case bank: the bank already has cases, nothing added (npm run seed adds missing demo cases); ${upgraded} demo cases rewritten in the exam's shape`)
    return createdAccounts || upgraded > 0
  }
  const bank = await seedDemoBank(db, { dataDir: options.dataDir })
  log.info(
    `Demo case bank: ${bank.casesCreated} cases and ${bank.categoriesCreated} categories created, ${bank.casesAlreadyPresent} cases already present`,
  )
  return createdAccounts || bank.casesCreated > 0
}
