import type { Db } from '../db/connect.ts'
import { hashPassword } from './passwords.ts'
import { insertUser } from './users-repo.ts'

/** Fixed, documented demo sign-ins for a local try-out (only seeded into an empty local database). */
export const DEMO_ACCOUNTS = [
  { name: 'Demo Admin', email: 'admin@demo.local', password: 'demo-admin', role: 'ADMIN' },
  { name: 'Amara Okafor', email: 'amara@demo.local', password: 'demo-pass', role: 'USER' },
  { name: 'Bilal Hussain', email: 'bilal@demo.local', password: 'demo-pass', role: 'USER' },
  { name: 'Chen Wei', email: 'chen@demo.local', password: 'demo-pass', role: 'USER' },
  { name: 'Dina Roberts', email: 'reviewer@demo.local', password: 'demo-review', role: 'REVIEWER' },
] as const

const ROLE_WORDS = { ADMIN: 'admin    ', REVIEWER: 'reviewer ', USER: 'candidate' } as const

/** Creates the demo accounts when the database has no users at all; answers whether it did. */
export async function seedDemoAccounts(db: Db): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (any) return false
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(db, {
      name: account.name,
      email: account.email,
      password_hash: await hashPassword(account.password),
      role: account.role,
      provider: 'LOCAL',
    })
  }
  return true
}

export function describeDemoAccounts(): string {
  return [
    'Demo accounts (change or delete them before real use):',
    ...DEMO_ACCOUNTS.map((a) => `  ${ROLE_WORDS[a.role]}  ${a.email.padEnd(20)} password: ${a.password}`),
  ].join('\n')
}
