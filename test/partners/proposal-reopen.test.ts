import t from 'tap'
import { reopenProposal } from '../../server/partners/proposals-repo.ts'
import { databaseKind, freshDatabase } from '../helpers/db.ts'

/**
 * An accept whose planning failed (the join refused, a hidden host) makes the proposal answerable again, unless a
 * block or a suspension now stands between the two: then it is withdrawn, so lifting it later brings nothing back.
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
  await reopenProposal(db, open, Date.now())
  t.match(await statusOf(open), { status: 'PENDING', answered_at: null }, 'answerable again')

  await db.insertInto('user_blocks').values({ blocker_id: cat, blocked_id: ann }).execute()
  const blocked = await acceptedButNotPlanned(ann, cat)
  await reopenProposal(db, blocked, Date.now())
  const after = await statusOf(blocked)
  t.equal(after.status, 'WITHDRAWN', 'withdrawn, whoever blocked whom')
  t.ok(after.answered_at, 'with the time it was answered')
})

t.test(`a failed accept is withdrawn when either of the two is suspended now, and reopened once a suspension has run out (${databaseKind()})`, async (t) => {
  const [dan, eve, fay] = [await person('dan'), await person('eve'), await person('fay')]
  const now = Date.now()
  await db.updateTable('users').set({ suspended_at: new Date(now - 60_000), suspended_until: null }).where('id', '=', eve).execute()
  await db.updateTable('users').set({ suspended_at: new Date(now - 120_000), suspended_until: new Date(now - 60_000) }).where('id', '=', fay).execute()
  const toSuspended = await acceptedButNotPlanned(dan, eve)
  const fromSuspended = await acceptedButNotPlanned(eve, dan)
  const suspensionOver = await acceptedButNotPlanned(fay, dan)
  for (const id of [toSuspended, fromSuspended, suspensionOver]) await reopenProposal(db, id, now)
  t.equal((await statusOf(toSuspended)).status, 'WITHDRAWN', 'the one it was proposed to is suspended')
  t.equal((await statusOf(fromSuspended)).status, 'WITHDRAWN', 'the one who proposed it is suspended')
  t.match(await statusOf(suspensionOver), { status: 'PENDING', answered_at: null }, 'a suspension that has run out stands in nobody’s way')
})
