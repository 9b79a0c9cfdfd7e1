import t from 'tap'
import { ATTENDANCE_GRACE_MS, HOUR_REMINDER_BEFORE_MS, REMINDER_BEFORE_MS } from '../../schemas/board.ts'
import { createBoardJobs, type BoardJob } from '../../server/board/board-jobs.ts'
import { call } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { api, boardApp, HOUR, listedSession, user } from './helpers.ts'
import { calendarIn, invitationIn, mailReader, plain, startOf } from './slot-mail.ts'

/**
 * Planned slots (issue 20) with a manual clock and the real SMTP receiver: the confirmation with its .ics, the
 * reminder 15 minutes before, the room opening at the time, cancelling, expiring, and jobs kept in the database.
 */

const b = await boardApp()
t.teardown(() => b.close())
const { app, clock, smtp } = b
const kind = databaseKind()
const { mailsTo, waitForMail } = mailReader(smtp)

t.test(`joining a planned slot mails a confirmation with a parseable .ics; the reminder comes 15 minutes before; the room opens at the time (${kind})`, async (t) => {
  const host = await user(app, 'Planner Host', { timeZone: 'Europe/London' })
  const guest = await user(app, 'Planned Guest', { timeZone: 'Asia/Karachi' })
  // Calendars keep whole seconds; a planned time is a whole minute.
  const startsAt = new Date(Math.ceil((clock.now() + 2 * HOUR) / 60_000) * 60_000)
  const { code, listing } = await listedSession(app, host, { startsAt: startsAt.toISOString() })

  const seat = await api(app, guest).post(`/board/listings/${listing.id}/seats`, { role: 'PATIENT' })
  t.match(seat, { status: 200, json: { role: 'PATIENT', startsAt: startsAt.toISOString(), message: /Seat booked/ } })
  const confirmation = await waitForMail(guest.email, /Practice booked/)
  t.match(plain(confirmation), /Planner Host/)
  t.match(plain(confirmation), /PKT|GMT\+5/, 'the time is written in the guest\'s own zone')
  t.match(plain(confirmation), `http://plab.test/session/${code}/role`, 'the invite link')
  const event = invitationIn(confirmation)
  t.equal(event.getFirstPropertyValue('summary'), 'PLAB 2 practice: Cardiology practice')
  t.equal(startOf(event), startsAt.getTime())
  t.match(String(event.getFirstPropertyValue('url')), `/session/${code}/role`)
  t.equal(event.getFirstPropertyValue('organizer'), 'mailto:no-reply@plab.test', 'organized from the address the mail comes from')
  t.equal(event.getFirstProperty('organizer')!.getParameter('cn'), 'Planner Host')

  const notice = await waitForMail(host.email, /Planned Guest booked a seat/)
  t.match(plain(notice), /took the patient seat in "Cardiology practice"/, 'the host is told of the booking')
  t.match(plain(notice), /GMT|BST/, 'in the host\'s own zone')
  const hostEvent = invitationIn(notice)
  t.equal(hostEvent.getFirstPropertyValue('uid'), event.getFirstPropertyValue('uid'), 'the host gets the invitation too: the same event')
  t.equal(String(hostEvent.getFirstPropertyValue('attendee')).toLowerCase(), `mailto:${host.email}`, 'addressed to the host')

  // With an idempotency key, as a client retrying a start sends it: a refused attempt stores nothing under it.
  const start = () => call(app.app, { method: 'POST', url: `/api/sessions/${code}/start`, headers: { ...host.auth, 'Idempotency-Key': `start-${code}` } })
  const early = await start()
  t.match(early, { status: 409, json: { error: /opens at the planned time/ } })
  t.match((await api(app, host).get(`/sessions/${code}`)).json, { status: 'CREATED' }, 'nothing of the start was stored')

  await clock.advance(startsAt.getTime() - clock.now() - REMINDER_BEFORE_MS - 1000)
  t.same(mailsTo(guest.email, /Starting in 15 minutes/), [], 'no reminder before its time')
  await clock.advance(1000)
  await waitForMail(guest.email, /Starting in 15 minutes/)
  await waitForMail(host.email, /Starting in 15 minutes/)

  await clock.advance(REMINDER_BEFORE_MS)
  const board = await api(app, guest).get('/board')
  t.equal(board.status, 200)
  const started = await start()
  t.equal(started.status, 200, 'the room opens at the time, to the same key')
  t.match((await api(app, host).get(`/sessions/${code}`)).json, { status: 'IN_PROGRESS', phase: 'READING' })
  t.equal(mailsTo(guest.email, /Starting in 15 minutes/).length, 1, 'one reminder each')
})

t.test(`the host cancels a planned slot: everyone in it is told by email and the session ends (${kind})`, async (t) => {
  const host = await user(app, 'Cancelling Host')
  const guest = await user(app, 'Cancelled Guest')
  const { code, listing } = await listedSession(app, host, { startsAt: new Date(clock.now() + 3 * HOUR).toISOString() })
  await api(app, guest).post(`/board/listings/${listing.id}/seats`, { role: 'OBSERVER' })
  const invitation = invitationIn(await waitForMail(guest.email, /Practice booked/))
  t.equal((await api(app, host).delete(`/board/listings/${listing.id}`)).status, 200)
  const mail = await waitForMail(guest.email, /Cancelled: /)
  t.match(plain(mail), /Cancelling Host cancelled/)
  t.match(mail.raw, /Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i)
  const cancellation = calendarIn(mail)
  t.equal(cancellation.getFirstPropertyValue('method'), 'CANCEL', 'a calendar cancellation')
  const cancelled = cancellation.getFirstSubcomponent('vevent')!
  t.equal(cancelled.getFirstPropertyValue('uid'), invitation.getFirstPropertyValue('uid'), 'of the same event')
  t.ok(Number(cancelled.getFirstPropertyValue('sequence')) > Number(invitation.getFirstPropertyValue('sequence') ?? 0), 'a later version of it')
  t.equal(cancelled.getFirstPropertyValue('status'), 'CANCELLED')
  t.equal(cancelled.getFirstPropertyValue('organizer'), invitation.getFirstPropertyValue('organizer'), 'from the same organizer')
  const session = await api(app, guest).get(`/sessions/${code}`)
  t.equal(session.json.status, 'COMPLETED')
  const jobs = await app.database.db.selectFrom('board_jobs').selectAll().where('listing_id', '=', listing.id).execute()
  t.same(jobs, [], 'its reminder will not be sent')
})

t.test(`a planned slot nobody joined expires at its time (${kind})`, async (t) => {
  const host = await user(app, 'Lonely Host')
  const viewer = await user(app, 'Passer By')
  const { code, listing } = await listedSession(app, host, { startsAt: new Date(clock.now() + HOUR).toISOString() })
  const onBoard = async () => ((await api(app, viewer).get('/board')).json.listings as Array<{ id: number }>).some((item) => item.id === listing.id)
  t.ok(await onBoard())
  await clock.advance(HOUR)
  t.notOk(await onBoard(), 'gone from the board')
  const row = await app.database.db.selectFrom('board_listings').select('status').where('id', '=', listing.id).executeTakeFirstOrThrow()
  t.equal(row.status, 'EXPIRED')
  t.equal((await api(app, host).get(`/sessions/${code}`)).json.status, 'COMPLETED')
})

t.test(`jobs live in the database: a restarted instance runs them, and two instances run each once (${kind})`, async (t) => {
  const { db } = app.database
  const host = await user(app, 'Durable Host')
  const { listing } = await listedSession(app, host, { startsAt: new Date(clock.now() + 5 * HOUR).toISOString() })
  const stored = await db.selectFrom('board_jobs').select(['kind', 'due_at']).where('listing_id', '=', listing.id).orderBy('kind', 'desc').execute()
  t.same(
    stored.map((job) => [job.kind, new Date(job.due_at).getTime()]),
    [
      ['REMIND_HOUR', clock.now() + 5 * HOUR - HOUR_REMINDER_BEFORE_MS],
      ['REMIND', clock.now() + 5 * HOUR - REMINDER_BEFORE_MS],
      ['OPEN', clock.now() + 5 * HOUR],
      ['ATTEND', clock.now() + 5 * HOUR + ATTENDANCE_GRACE_MS],
    ],
  )
  // Two fresh instances (as after a restart) on the same database, each with its own clock past the due times.
  const ran: Array<[string, BoardJob]> = []
  const instances = ['one', 'two'].map((name) => {
    const own = manualClock(clock.now())
    const jobs = createBoardJobs({ db, now: own.now, setAlarm: own.setAlarm, log: { error: () => {} }, run: async (job) => void ran.push([name, job]) })
    return { own, jobs }
  })
  for (const { jobs } of instances) await jobs.wake()
  await Promise.all(instances.map(({ own }) => own.advance(5 * HOUR)))
  const mine = ran.filter(([, job]) => job.listing_id === listing.id).map(([, job]) => job.kind)
  t.same(mine.sort(), ['OPEN', 'REMIND', 'REMIND_HOUR'], 'each job due by then ran once across the two instances (attendance is settled later)')
  for (const { jobs } of instances) await jobs.close()
})

// The app's clock two hours off the database's either way; the slot's time an hour ahead on it, and then, on the
// clock ahead, reached: on the database's clock the slot is past in the first case and still to come in the second.
for (const { clockOffset, reached } of [
  { clockOffset: -2 * HOUR, reached: false },
  { clockOffset: 2 * HOUR, reached: true },
]) {
  t.test(`creating another session leaves a planned slot ${reached ? 'once its time has come' : 'not while it is still to come'} on the app's clock, as Start decides (${kind})`, async (t) => {
    const off = await boardApp({ clockStart: Date.now() + clockOffset })
    t.teardown(() => off.close())
    const host = await user(off.app, 'Clocked Host')
    const guest = await user(off.app, 'Clocked Guest')
    const { code, listing } = await listedSession(off.app, host, { startsAt: new Date(off.clock.now() + HOUR).toISOString() })
    // With a guest in it, the slot stays listed when its time comes: an open room.
    t.equal((await api(off.app, guest).post(`/board/listings/${listing.id}/seats`, { role: 'OBSERVER' })).status, 200)
    if (reached) await off.clock.advance(HOUR)
    t.equal((await api(off.app, host).post(`/sessions/${code}/start`, {})).status, reached ? 200 : 409, reached ? 'Start opens it' : 'Start refuses it')
    const created = await api(off.app, host).post('/sessions', { title: 'Meanwhile' })
    t.equal(created.status, 200)
    t.equal(created.json.leftFromSessions, reached ? 1 : 0)
    const slot = await api(off.app, guest).get(`/sessions/${code}`)
    const hostThere = slot.json.participants.some((p: { userId: number }) => p.userId === host.id)
    t.equal(hostThere, !reached, reached ? 'the host left it' : 'the host still holds it')
  })
}
