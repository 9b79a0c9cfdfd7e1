import t from 'tap'
import { HOUR_REMINDER_BEFORE_MS, REMINDER_BEFORE_MS } from '../../schemas/board.ts'
import { MAX_PENDING_PROPOSALS, NO_SUCH_PROPOSAL, TOO_MANY_PENDING } from '../../schemas/partners/proposal.ts'
import { NO_SUCH_CANDIDATE } from '../../schemas/partners/safety.ts'
import { AGREED_NOTE, CANNOT_PLAN } from '../../server/partners/agreed-session.ts'
import { HIDDEN_PROPOSER } from '../../server/partners/propose.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, HOUR, listedSession, user } from '../board/helpers.ts'
import { invitationIn, mailReader, plain, startOf } from '../board/slot-mail.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * Agreeing a time (issue 36), from outside with the real SMTP receiver and a manual clock: propose, counter,
 * accept (a planned session with both seated, an invitation to each, reminders an hour and 15 minutes before),
 * decline, withdraw, and who may do what.
 */

const kind = databaseKind()
const b = await boardApp()
t.teardown(() => b.close())
const { app, clock, smtp } = b
const { db } = app.database
const { mailsTo, waitForMail } = mailReader(smtp)

const MINUTE = 60_000
const DAY = 24 * HOUR
/** A whole minute `ms` from the clock's now (calendars keep whole seconds), as ISO. */
const inFuture = (ms: number) => new Date(Math.ceil((clock.now() + ms) / MINUTE) * MINUTE).toISOString()

interface ProposalView {
  id: number
  direction: 'INCOMING' | 'OUTGOING'
  status: string
  startsAt: string
  sessionCode: string | null
  actions: Record<'accept' | 'decline' | 'counter' | 'withdraw', boolean>
}
const proposalsOf = async (person: User): Promise<ProposalView[]> => {
  const answer = await api(app, person).get('/proposals')
  if (answer.status !== 200) throw new Error(`list failed: ${JSON.stringify(answer.json)}`)
  return answer.json.proposals
}
async function proposed(from: User, body: object) {
  const answer = await api(app, from).post('/proposals', body)
  if (answer.status !== 201) throw new Error(`propose failed: ${JSON.stringify(answer.json)}`)
  return answer.json.proposal as ProposalView
}

t.test(`London proposes to Karachi, Karachi proposes another time, London accepts: a planned session, both seated, both invited and reminded (${kind})`, async (t) => {
  const lena = await user(app, 'Lena London', { timeZone: 'Europe/London' })
  const kamran = await user(app, 'Kamran Karachi', { timeZone: 'Asia/Karachi' })
  const passer = await user(app, 'Passer By')

  const first = await api(app, lena).post('/proposals', { toUserId: kamran.id, startsAt: inFuture(DAY), note: '  Cardiology, please  ' })
  t.match(first, { status: 201, json: { message: 'Time proposed to Kamran Karachi', proposal: { direction: 'OUTGOING', status: 'PENDING', note: 'Cardiology, please', listingId: null, sessionCode: null } } })
  t.same(first.json.proposal.other, { userId: kamran.id, name: 'Kamran Karachi', timeZone: 'Asia/Karachi' })
  t.same(first.json.proposal.actions, { accept: false, decline: false, counter: false, withdraw: true }, 'the sender may only withdraw')
  t.notMatch(JSON.stringify(first.json), /@/, 'no address in the answer')

  const invite = plain(await waitForMail(kamran.email, /Lena London proposed a time/))
  t.match(invite, /GMT\+5|PKT/, 'the time in the recipient\'s zone')
  t.match(invite, /for Lena London, Europe\/London/, 'and the sender\'s clock beside it')
  t.match(invite, 'http://plab.test/my-partners', 'a link to the partners page')
  t.match(invite, /Lena London wrote: Cardiology, please/)
  t.notMatch(invite, lena.email, 'the sender\'s address is never shown')

  const incoming = (await proposalsOf(kamran)).find((p) => p.id === first.json.proposal.id)!
  t.match(incoming, { direction: 'INCOMING', status: 'PENDING' })
  t.same(incoming.actions, { accept: true, decline: true, counter: true, withdraw: false }, 'the recipient may answer')
  t.notOk((await proposalsOf(passer)).some((p) => p.id === incoming.id), 'nobody else sees it')

  const startsAt = inFuture(DAY + 5 * HOUR)
  const countered = await api(app, kamran).post(`/proposals/${incoming.id}/counter`, { startsAt, note: 'Evening suits me better' })
  t.match(countered, { status: 200, json: { message: 'Another time proposed to Lena London', proposal: { direction: 'OUTGOING', status: 'PENDING', startsAt } } })
  await waitForMail(lena.email, /Kamran Karachi proposed another time/)
  const [counter, old] = await proposalsOf(lena)
  t.match(counter, { id: countered.json.proposal.id, direction: 'INCOMING', status: 'PENDING' }, 'the pending counter comes first')
  t.match(old, { id: incoming.id, status: 'COUNTERED', actions: { withdraw: false } }, 'the first one is answered')
  const replaced = await db.selectFrom('time_proposals').select('replaces_id').where('id', '=', counter.id).executeTakeFirstOrThrow()
  t.equal(replaced.replaces_id, incoming.id, 'the counter names the proposal it answers')

  const accepted = await api(app, lena).post(`/proposals/${counter.id}/accept`)
  t.equal(accepted.status, 200)
  const code: string = accepted.json.sessionCode
  const session = await api(app, lena).get(`/sessions/${code}`)
  t.same(session.json.participants.map((p: { userId: number; role: string }) => [p.userId, p.role]).sort(), [[kamran.id, 'doctor'], [lena.id, 'patient']].sort(), 'the sender of the accepted time hosts; the other is the patient')
  const listing = (await api(app, passer).get('/board')).json.listings.find((l: { sessionCode: string }) => l.sessionCode === code)
  t.match(listing, { startsAt, hostName: 'Kamran Karachi', note: AGREED_NOTE, patientSeatFree: false, observerSeatsFree: 1 }, 'listed as a planned session with an observer seat')
  t.match((await proposalsOf(lena))[0], { id: counter.id, status: 'ACCEPTED', sessionCode: code, actions: { accept: false, decline: false, counter: false, withdraw: false } })

  // Both get the calendar invitation for the agreed time: the guest with the booking, the host with its notice.
  const guestMail = await waitForMail(lena.email, /Practice booked/)
  const hostMail = await waitForMail(kamran.email, /Lena London booked a seat/)
  for (const mail of [guestMail, hostMail]) {
    const event = invitationIn(mail)
    t.equal(startOf(event), Date.parse(startsAt), 'the invitation is for the agreed time')
    t.match(String(event.getFirstPropertyValue('url')), `/session/${code}/role`)
  }
  t.match(plain(await waitForMail(kamran.email, /Lena London accepted your time/)), /planned session/)

  // The reminders an hour and a quarter of an hour before, to both.
  const start = Date.parse(startsAt)
  await clock.advance(start - HOUR_REMINDER_BEFORE_MS - clock.now() - 1000)
  t.same(mailsTo(lena.email, /Starting in 1 hour/), [], 'no reminder before its time')
  await clock.advance(1000)
  for (const person of [lena, kamran]) await waitForMail(person.email, /Starting in 1 hour/)
  t.same(mailsTo(kamran.email, /Starting in 15 minutes/), [])
  await clock.advance(HOUR_REMINDER_BEFORE_MS - REMINDER_BEFORE_MS)
  for (const person of [lena, kamran]) await waitForMail(person.email, /Starting in 15 minutes/)
  t.equal(mailsTo(lena.email, /Starting in 1 hour/).length, 1, 'one hour reminder each')
})

t.test(`a time proposed about a listing goes to its host; accepted, it copies that session's settings (${kind})`, async (t) => {
  const host = await user(app, 'Listing Host', { timeZone: 'Europe/London' })
  const guest = await user(app, 'Listing Guest', { timeZone: 'Asia/Karachi' })
  const { listing } = await listedSession(app, host, { startsAt: inFuture(3 * HOUR) }, ['Neurology'])
  const own = await api(app, host).post('/proposals', { listingId: listing.id, startsAt: inFuture(DAY) })
  t.match(own, { status: 409, json: { error: /your own listing/ } })

  const proposal = await proposed(guest, { listingId: listing.id, startsAt: inFuture(2 * DAY) })
  t.match(proposal, { listingId: listing.id, other: { userId: host.id, name: 'Listing Host' } })
  const accepted = await api(app, host).post(`/proposals/${proposal.id}/accept`)
  t.equal(accepted.status, 200)
  const made = (await api(app, guest).get('/board')).json.listings.find((l: { sessionCode: string }) => l.sessionCode === accepted.json.sessionCode)
  t.match(made, { title: 'Neurology practice', topics: ['Neurology'], hostName: 'Listing Host', yourSeat: 'PATIENT', startsAt: proposal.startsAt })
  await waitForMail(guest.email, /Practice booked: Neurology practice/)
  await waitForMail(host.email, /Listing Guest booked a seat: Neurology practice/)
  await waitForMail(guest.email, /Listing Host accepted your time/)
})

t.test(`decline and withdraw; what is answered cannot be answered again (${kind})`, async (t) => {
  const ann = await user(app, 'Ann Asker')
  const bob = await user(app, 'Bob Busy')
  const one = await proposed(ann, { toUserId: bob.id, startsAt: inFuture(DAY) })
  t.match(await api(app, ann).post(`/proposals/${one.id}/accept`), { status: 403, json: { error: 'Only the person this time was proposed to can answer it' } })
  t.match(await api(app, bob).post(`/proposals/${one.id}/decline`), { status: 200, json: { message: 'Declined: Ann Asker is told' } })
  await waitForMail(ann.email, /Bob Busy declined your time/)
  t.match(await api(app, bob).post(`/proposals/${one.id}/accept`), { status: 409, json: { error: 'This time has been declined' } })
  t.match(await api(app, ann).post(`/proposals/${one.id}/withdraw`), { status: 409, json: { error: 'This time has been declined' } })

  const two = await proposed(ann, { toUserId: bob.id, startsAt: inFuture(DAY) })
  t.match(await api(app, bob).post(`/proposals/${two.id}/withdraw`), { status: 403, json: { error: 'Only the person who proposed this time can withdraw it' } })
  t.match(await api(app, ann).post(`/proposals/${two.id}/withdraw`), { status: 200, json: { message: 'Proposal withdrawn' } })
  await waitForMail(bob.email, /Ann Asker withdrew a proposed time/)
  t.match(await api(app, bob).post(`/proposals/${two.id}/counter`, { startsAt: inFuture(DAY) }), { status: 409, json: { error: 'This proposal was withdrawn' } })
  t.match(await proposalsOf(bob), [{ id: two.id, status: 'WITHDRAWN' }, { id: one.id, status: 'DECLINED' }], 'answered ones stay listed, latest first')
})

t.test(`only its two people know of a proposal; a block or a suspension hides it from both (${kind})`, async (t) => {
  const [ann, bob, cat] = [await user(app, 'Ann Party'), await user(app, 'Bob Party'), await user(app, 'Cat Outsider')]
  const proposal = await proposed(ann, { toUserId: bob.id, startsAt: inFuture(DAY) })
  for (const action of ['accept', 'decline', 'withdraw']) {
    t.match(await api(app, cat).post(`/proposals/${proposal.id}/${action}`), { status: 404, json: { error: NO_SUCH_PROPOSAL } }, `a stranger cannot ${action}`)
  }
  t.match(await api(app, cat).post(`/proposals/${proposal.id}/counter`, { startsAt: inFuture(DAY) }), { status: 404, json: { error: NO_SUCH_PROPOSAL } })
  t.match(await api(app, cat).post('/proposals/999999/accept'), { status: 404, json: { error: NO_SUCH_PROPOSAL } }, 'the same as one that does not exist')

  await db.insertInto('user_blocks').values({ blocker_id: bob.id, blocked_id: ann.id }).execute()
  t.notOk((await proposalsOf(ann)).some((p) => p.id === proposal.id), 'gone for the one blocked')
  t.notOk((await proposalsOf(bob)).some((p) => p.id === proposal.id), 'and for the one who blocked')
  t.match(await api(app, bob).post(`/proposals/${proposal.id}/accept`), { status: 404, json: { error: NO_SUCH_PROPOSAL } })
  t.match(await api(app, ann).post('/proposals', { toUserId: bob.id, startsAt: inFuture(DAY) }), { status: 404, json: { error: NO_SUCH_CANDIDATE } })
  await db.deleteFrom('user_blocks').where('blocker_id', '=', bob.id).execute()
  t.ok((await proposalsOf(bob)).some((p) => p.id === proposal.id), 'back once unblocked')

  await db.updateTable('users').set({ suspended_at: new Date(clock.now()) }).where('id', '=', ann.id).execute()
  t.notOk((await proposalsOf(bob)).some((p) => p.id === proposal.id), 'gone while the sender is suspended')
  t.match(await api(app, cat).post('/proposals', { toUserId: ann.id, startsAt: inFuture(DAY) }), { status: 404, json: { error: NO_SUCH_CANDIDATE } }, 'a suspended candidate is no candidate')
})

t.test(`two accepts at once make one session (${kind})`, async (t) => {
  const ann = await user(app, 'Ann Double')
  const bob = await user(app, 'Bob Double')
  const proposal = await proposed(ann, { toUserId: bob.id, startsAt: inFuture(DAY) })
  const answers = await Promise.all([1, 2].map(() => api(app, bob).post(`/proposals/${proposal.id}/accept`)))
  t.same(answers.map((a) => a.status).sort(), [200, 409], 'one accepts, the other is told')
  const listings = await db.selectFrom('board_listings').select('id').where('host_user_id', '=', ann.id).execute()
  t.equal(listings.length, 1, 'one planned session')
  const sessions = await db.selectFrom('sessions').select('id').where('host_user_id', '=', ann.id).execute()
  t.equal(sessions.length, 1)
})

t.test(`the ${MAX_PENDING_PROPOSALS + 1}th pending proposal is refused until one is answered (${kind})`, async (t) => {
  const eager = await user(app, 'Eager Proposer')
  const other = await user(app, 'Much Asked')
  const sent: ProposalView[] = []
  for (let n = 0; n < MAX_PENDING_PROPOSALS; n += 1) sent.push(await proposed(eager, { toUserId: other.id, startsAt: inFuture(DAY + n * HOUR) }))
  t.match(await api(app, eager).post('/proposals', { toUserId: other.id, startsAt: inFuture(2 * DAY) }), { status: 409, json: { error: TOO_MANY_PENDING } })
  t.match(await api(app, eager).post(`/proposals/${sent[0].id}/withdraw`), { status: 200 })
  t.equal((await api(app, eager).post('/proposals', { toUserId: other.id, startsAt: inFuture(2 * DAY) })).status, 201, 'room again after a withdrawal')
})

t.test(`bad input is a 400 naming the field; an unknown, hidden or own candidate is "no such candidate" (${kind})`, async (t) => {
  const me = await user(app, 'Careful Proposer')
  const them = await user(app, 'Shy Candidate')
  const propose = (body: object) => api(app, me).post('/proposals', body)
  const soon = inFuture(DAY)
  t.match(await propose({ toUserId: them.id }), { status: 400, json: { validationErrors: { startsAt: 'startsAt must be a date and time' } } })
  t.match(await propose({ toUserId: them.id, startsAt: '2030-01-01T10:00' }), { status: 400, json: { validationErrors: { startsAt: 'startsAt must be a date and time with a time zone' } } })
  t.match(await propose({ startsAt: soon }), { status: 400, json: { validationErrors: { toUserId: /one of the two/ } } })
  t.match(await propose({ toUserId: them.id, listingId: 1, startsAt: soon }), { status: 400, json: { validationErrors: { toUserId: /one of the two/ } } })
  t.match(await propose({ toUserId: 'x', startsAt: soon }), { status: 400, json: { validationErrors: { toUserId: 'toUserId must be a number' } } })
  t.match(await propose({ toUserId: them.id, startsAt: soon, note: 'x'.repeat(201) }), { status: 400, json: { validationErrors: { note: 'The note is at most 200 characters' } } })
  t.match(await propose({ toUserId: them.id, startsAt: soon, colour: 'red' }), { status: 400, json: { validationErrors: { colour: 'Unknown field: colour' } } })
  t.match(await propose({ toUserId: them.id, startsAt: new Date(clock.now() - MINUTE).toISOString() }), { status: 400, json: { validationErrors: { startsAt: /in the past/ } } })
  t.match(await propose({ toUserId: them.id, startsAt: inFuture(31 * DAY) }), { status: 400, json: { validationErrors: { startsAt: /more than 30 days ahead/ } } })

  t.match(await propose({ toUserId: 987654321, startsAt: soon }), { status: 404, json: { error: NO_SUCH_CANDIDATE } })
  t.match(await propose({ toUserId: me.id, startsAt: soon }), { status: 404, json: { error: NO_SUCH_CANDIDATE } })
  t.equal((await api(app, them).put('/profile/partners', { examMonth: null, timeZone: null, hiddenFromBoard: true })).status, 200)
  t.match(await propose({ toUserId: them.id, startsAt: soon }), { status: 404, json: { error: NO_SUCH_CANDIDATE } }, 'hidden is the same as unknown')
  t.match(await api(app, them).post('/proposals', { toUserId: me.id, startsAt: soon }), { status: 409, json: { error: HIDDEN_PROPOSER } }, 'and may not host a proposed time')
})

t.test(`an accepted time whose host went off the board is not planned, and stays answerable (${kind})`, async (t) => {
  const ann = await user(app, 'Ann Hides')
  const bob = await user(app, 'Bob Waits')
  const proposal = await proposed(ann, { toUserId: bob.id, startsAt: inFuture(DAY) })
  const hide = (hiddenFromBoard: boolean) => api(app, ann).put('/profile/partners', { examMonth: null, timeZone: null, hiddenFromBoard })
  t.equal((await hide(true)).status, 200)
  t.match(await api(app, bob).post(`/proposals/${proposal.id}/accept`), { status: 409, json: { error: CANNOT_PLAN } })
  t.match((await proposalsOf(bob)).find((p) => p.id === proposal.id), { status: 'PENDING', actions: { accept: true } }, 'still open')
  t.equal((await db.selectFrom('sessions').select('id').where('host_user_id', '=', ann.id).execute()).length, 0, 'no session was made')
  t.equal((await hide(false)).status, 200)
  t.equal((await api(app, bob).post(`/proposals/${proposal.id}/accept`)).status, 200, 'accepted once the host is back')
})
