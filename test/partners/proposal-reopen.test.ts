import t from 'tap'
import { reopenProposal } from '../../server/partners/proposals-repo.ts'
import { databaseKind, freshDatabase } from '../helpers/db.ts'

/**
 * An accept whose planning failed (the join refused, a hidden host) makes the proposal answerable again, unless a
 * block now stands between the two: then it is withdrawn, so lifting the block later brings nothing back.
 */

const database = await freshDatabase()
t.teardown(() => database.close())
const { db } = database

const person = async (name: string) =>
  (await db.insertInto('users').values({ name, email: `${name}@example.test`, password_hash: null, role: 'USER', provider: 'LOCAL', google_id: null }).returning('id').executeTakeFirstOrThrow()).id

async function acceptedButNotPlanned(from: number, to: number) {
  const row = await db
    .insertInto('time_proposals')
    .values({ from_user_id: from, to_user_id: to, listing_id: null, starts_at: new Date(Date.now() + 86_400_000), status: 'ACCEPTED', replaces_id: null, session_id: null, answered_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
const statusOf = async (id: number) => (await db.selectFrom('time_proposals').select(['status', 'answered_at']).where('id', '=', id).executeTakeFirstOrThrow())

t.test(`a failed accept reopens the proposal, or withdraws it when a block stands between them (${databaseKind()})`, async (t) => {
  const [ann, ben, cat] = [await person('ann'), await person('ben'), await person('cat')]
  const open = await acceptedButNotPlanned(ann, ben)
  await reopenProposal(db, open)
  t.match(await statusOf(open), { status: 'PENDING', answered_at: null }, 'answerable again')

  await db.insertInto('user_blocks').values({ blocker_id: cat, blocked_id: ann }).execute()
  const blocked = await acceptedButNotPlanned(ann, cat)
  await reopenProposal(db, blocked)
  const after = await statusOf(blocked)
  t.equal(after.status, 'WITHDRAWN', 'withdrawn, whoever blocked whom')
  t.ok(after.answered_at, 'with the time it was answered')
})
