import { findUserByEmail, setUserRole } from '../accounts/users-repo.ts'
import { runCli } from './open-database.ts'

/** npm run make-admin -- someone@example.com : promotes an existing account to ADMIN. */
await runCli(async ({ db }) => {
  const email = process.argv[2]?.trim().toLowerCase()
  if (!email) throw new Error('Usage: npm run make-admin -- someone@example.com')
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error(`No account with the email ${email}. Register it first, then run this again.`)
  await setUserRole(db, user.id, 'ADMIN')
  console.log(`${user.name} <${user.email}> is now an administrator (they need to sign in again).`)
})
