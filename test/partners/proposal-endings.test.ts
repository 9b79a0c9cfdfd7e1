import t from 'tap'
import { sql } from 'kysely'
import { RUNNING_STATUSES } from '../../schemas/session/types.ts'
import { CANNOT_PLAN } from '../../server/partners/agreed-session.ts'
import { call } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, user } from '../board/helpers.ts'
import { mailReader, plain } from '../board/slot-mail.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * How a proposed time ends other than by its answer (issue 36), from outside with the real SMTP receiver: withdrawn
 * by its sender (the other person is told), withdrawn by a block (nobody is told), and accepted at the moment an
 * admin suspends one of the two (nothing is planned, no booking is mailed, and the proposal is withdrawn as a
 * suspension withdraws it).
 */

const kind = databaseKind()
const b = await boardApp({ clockStart: Date.parse('2026-11-30T09:00:00Z') })
t.teardown(() => b.close())
const { app } = b
const { db } = app.database
const { mailsTo, waitForMail } = mailReader(b.smtp)

/** 18:00 in London on 1 December 2026: 23:00 in Karachi. */
const AGREED = '2026-12-01T18:00:00.000Z'

async function proposed(from: User, to: User) {
  const answer = await api(app, from).post('/proposals', { toUserId: to.id, startsAt: AGREED })
  if (answer.status !== 201) throw new Error(`propose failed: ${JSON.stringify(answer.json)}`)
  return answer.json.proposal as { id: number }
}
const statusOf = async (id: number) => (await db.selectFrom('time_proposals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

t.test(`a time withdrawn by its sender is mailed to the other person, in their own clock (${kind})`, async (t) => {
  const lena = await user(app, 'Lena Withdraws', { timeZone: 'Europe/London' })
  const kamran = await user(app, 'Kamran Told', { timeZone: 'Asia/Karachi' })
  const proposal = await proposed(lena, kamran)
  t.match(await api(app, lena).post(`/proposals/${proposal.id}/withdraw`), { status: 200, json: { message: 'Proposal withdrawn' } })
  const mail = plain(await waitForMail(kamran.email, /Subject: Lena Withdraws withdrew a proposed time/))
  t.match(mail, /Lena Withdraws withdrew the time they proposed: Tuesday, 1 December 2026 at 23:00/, 'the time in Kamran’s clock')
  t.match(mail, /\(Tuesday, 1 December 2026 at 18:00 for Lena Withdraws, Europe\/London\)/, 'with Lena’s beside it')
  t.match(mail, /http:\/\/plab\.test\/my-partners/, 'and his partners page')
  t.notOk(mail.includes(lena.email), 'no address but his own')
})

t.test(`a block withdraws what was pending between the two, and mails neither (${kind})`, async (t) => {
  const [ann, ben, cat] = [await user(app, 'Ann Blocks'), await user(app, 'Ben Blocked'), await user(app, 'Cat Writes')]
  const sent = await proposed(ann, ben)
  const received = await proposed(ben, ann)
  await waitForMail(ben.email, /Ann Blocks proposed a time/)
  await waitForMail(ann.email, /Ben Blocked proposed a time/)
  t.equal((await api(app, ann).post('/blocks', { userId: ben.id })).status, 200)
  t.same([await statusOf(sent.id), await statusOf(received.id)], ['WITHDRAWN', 'WITHDRAWN'])
  // A mail the block sent would have left before any sent after it: Cat's, once arrived, mark that point.
  await proposed(cat, ben)
  await proposed(cat, ann)
  await waitForMail(ben.email, /Cat Writes proposed a time/)
  await waitForMail(ann.email, /Cat Writes proposed a time/)
  t.same([mailsTo(ben.email, /withdr/i).length, mailsTo(ann.email, /withdr/i).length], [0, 0], 'nobody is told of a block')
})

// The admin's suspension committing in the very statement that accepts, or in the one that seats the acceptor in
// the planned session (triggers stand in for the admin): in the first, its own steps (which cancel listings and
// leave sessions) have run before the accept planned anything; in the second, the session and its seat are there.
await sql`create table suspend_on (proposal_id integer, seated_user_id bigint, user_id bigint not null)`.execute(db)
await sql`create function suspend_on_accept() returns trigger language plpgsql as $$
  begin
    update users set suspended_at = now(), token_version = token_version + 1
    where id = (select user_id from suspend_on where proposal_id = new.id);
    return new;
  end $$`.execute(db)
await sql`create trigger suspend_on_accept after update of status on time_proposals for each row
  when (old.status = 'PENDING' and new.status = 'ACCEPTED') execute function suspend_on_accept()`.execute(db)
await sql`create function suspend_on_seat() returns trigger language plpgsql as $$
  begin
    update users set suspended_at = now(), token_version = token_version + 1
    where id = (select user_id from suspend_on where seated_user_id = new.user_id);
    return new;
  end $$`.execute(db)
await sql`create trigger suspend_on_seat after insert on session_participants for each row execute function suspend_on_seat()`.execute(db)

/** No booking mail (the acceptor's confirmation with its .ics, the host's notice) reached either of them. */
async function noBookingMailTo(people: User[]) {
  // A mail the accept sent would have left before any sent after it: a password reset each, once arrived, marks that point.
  for (const person of people) await call(app.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: person.email } })
  for (const person of people) await waitForMail(person.email, /Reset your PLAB Practice password/)
  return people.map((person) => mailsTo(person.email, /Subject: (Practice booked|.* booked a seat):/).length)
}

for (const moment of ['accept', 'seat'] as const) {
  for (const suspended of ['host', 'acceptor'] as const) {
    t.test(`an accept racing the ${suspended}’s suspension (committed with the ${moment}) plans nothing, mails no booking, and the proposal is withdrawn (${kind})`, async (t) => {
      const host = await user(app, `Host Racing ${suspended} at the ${moment}`)
      const acceptor = await user(app, `Acceptor Racing ${suspended} at the ${moment}`)
      const proposal = await proposed(host, acceptor)
      const target = (suspended === 'host' ? host : acceptor).id
      await db
        .insertInto('suspend_on' as never)
        .values((moment === 'accept' ? { proposal_id: proposal.id, user_id: target } : { seated_user_id: acceptor.id, user_id: target }) as never)
        .execute()

      t.match(await api(app, acceptor).post(`/proposals/${proposal.id}/accept`), { status: 409, json: { error: CANNOT_PLAN } })
      const listings = await db.selectFrom('board_listings').select('status').where('host_user_id', '=', host.id).execute()
      t.same(
        listings.map((row) => row.status),
        moment === 'accept' ? [] : ['CANCELLED'],
        moment === 'accept' ? 'parted before anything was made: nothing is listed' : 'the planned listing is called off',
      )
      const running = await db
        .selectFrom('session_participants as p')
        .innerJoin('sessions as s', 's.id', 'p.session_id')
        .select('p.user_id')
        .where('p.user_id', 'in', [host.id, acceptor.id])
        .where('p.active', '=', true)
        .where('s.status', 'in', RUNNING_STATUSES)
        .execute()
      t.same(running, [], 'no session runs with either of them in it')
      t.equal(await statusOf(proposal.id), 'WITHDRAWN', 'withdrawn, as the suspension withdraws every pending proposal')
      t.same(await noBookingMailTo([acceptor, host]), [0, 0], 'neither was mailed a booking (no .ics left for a session that will not be)')
    })
  }
}
