import t from 'tap'
import { SEAT_TAKEN } from '../../schemas/board.ts'
import { signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, HOUR, listedSession, user } from './helpers.ts'

/** Find Partners over HTTP (issue 20): listing, the board and its filters, taking seats, hiding, removing. */

const b = await boardApp()
t.teardown(() => b.close())
const { app } = b
const kind = databaseKind()
const inHours = (hours: number) => new Date(b.clock.now() + hours * HOUR).toISOString()

t.test(`the board shows a listing with the host's name, exam month and time zone, never an email (${kind})`, async (t) => {
  const host = await user(app, 'Hana Host', { examMonth: '2027-02', timeZone: 'Asia/Karachi' })
  const viewer = await user(app, 'Vic Viewer')
  const { code, listing } = await listedSession(app, host, { note: 'Evening practice, <b>friendly</b>' })
  const board = await api(app, viewer).get('/board')
  t.equal(board.status, 200)
  const shown = board.json.listings.find((item: { id: number }) => item.id === listing.id)
  t.match(shown, {
    sessionCode: code,
    hostName: 'Hana Host',
    hostExamMonth: '2027-02',
    hostTimeZone: 'Asia/Karachi',
    topics: ['Cardiology'],
    startsAt: null,
    patientSeatFree: true,
    observerSeatsFree: 1,
    note: 'Evening practice, <b>friendly</b>',
    isMine: false,
  })
  t.notMatch(JSON.stringify(board.json), /@example\.com/, 'no email address anywhere in the answer')
  await api(app, host).delete(`/board/listings/${listing.id}`)
})

t.test(`filters: starting within, topic, exam month near mine; an unknown topic is a 400 naming it (${kind})`, async (t) => {
  const host = await user(app, 'Filter Host', { examMonth: '2027-02' })
  const farHost = await user(app, 'Far Host', { examMonth: '2027-09' })
  const viewer = await user(app, 'Filter Viewer', { examMonth: '2027-03' })
  const now = await listedSession(app, host, {}, ['Cardiology'])
  const later = await listedSession(app, farHost, { startsAt: inHours(5) }, ['Neurology'])
  const ids = async (query: string) => ((await api(app, viewer).get(`/board${query}`)).json.listings as Array<{ id: number }>).map((item) => item.id)

  t.same(await ids('?withinHours=2'), [now.listing.id], 'the planned slot in 5 hours is not within 2')
  t.same(await ids('?withinHours=6'), [now.listing.id, later.listing.id], 'now first, then the planned slot')
  t.same(await ids('?topic=neurology'), [later.listing.id])
  t.same(await ids('?nearMyExam=true'), [now.listing.id], 'February is near March, September is not')
  const unknown = await api(app, viewer).get('/board?topic=Dermatology')
  t.equal(unknown.status, 400)
  t.equal(unknown.json.error, 'Unknown topic: Dermatology')
  await api(app, host).delete(`/board/listings/${now.listing.id}`)
  await api(app, farHost).delete(`/board/listings/${later.listing.id}`)
})

t.test(`bad listings are 400s that say which field; a fourth listing is refused (${kind})`, async (t) => {
  const host = await user(app, 'Busy Host')
  // Planned slots: creating the next session does not leave a slot still to come (it would leave a room open now).
  const { code } = await listedSession(app, host, { startsAt: inHours(24) })
  const list = (body: object) => api(app, host).post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 0, startsAt: inHours(24), ...body })
  const past = await list({ startsAt: inHours(-1) })
  t.equal(past.status, 400)
  t.match(past.json, { error: /startsAt is in the past/, validationErrors: { startsAt: /past/ } })
  const far = await list({ startsAt: inHours(31 * 24) })
  t.match(far, { status: 400, json: { error: 'startsAt is more than 30 days ahead' } })
  const long = await list({ note: 'x'.repeat(201) })
  t.match(long, { status: 400, json: { validationErrors: { note: 'The note is at most 200 characters' } } })
  const noSeat = await list({ patientSeat: false, observerSeats: 0 })
  t.match(noSeat, { status: 400, json: { validationErrors: { observerSeats: /at least one seat/ } } })

  await listedSession(app, host, { startsAt: inHours(48) })
  await listedSession(app, host, { startsAt: inHours(72) })
  const created = await api(app, host).post('/sessions', { title: 'Fourth' })
  const fourth = await api(app, host).post('/board/listings', { sessionCode: created.json.sessionCode, patientSeat: true, observerSeats: 0 })
  t.equal(fourth.status, 409)
  t.match(fourth.json.error, /already have 3 listings/)
  const relist = await list({ note: 'Changed my mind' })
  t.equal(relist.status, 201, 'listing a listed session again changes its terms, it is not a fourth')

  const other = await user(app, 'Not The Host')
  const stranger = await api(app, other).post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 0 })
  t.same([stranger.status, stranger.json], [404, { error: 'Session not found' }], 'someone else’s session is a wrong code to them')
  for (const row of (await api(app, host).get('/board')).json.listings) await api(app, host).delete(`/board/listings/${row.id}`)
})

t.test(`one click takes a free seat through the join rules; a taken seat is a 409 and leaves the board (${kind})`, async (t) => {
  const host = await user(app, 'Seat Host')
  const [first, second, third, fourth] = [await user(app, 'First'), await user(app, 'Second'), await user(app, 'Third'), await user(app, 'Fourth')]
  const { code, listing } = await listedSession(app, host)
  const seat = (who: typeof first, role: string) => api(app, who).post(`/board/listings/${listing.id}/seats`, { role })

  const taken = await seat(first, 'PATIENT')
  t.match(taken, { status: 200, json: { sessionCode: code, role: 'PATIENT', message: 'Joined the session as patient' } })
  const details = await api(app, first).get(`/sessions/${code}`)
  t.equal(details.json.userRole, 'PATIENT', 'the seat is a place in the session')
  t.match(await seat(second, 'PATIENT'), { status: 409, json: { error: SEAT_TAKEN } })

  // The race for the last seat: both click at once, one sits down.
  const raced = await Promise.all([seat(second, 'OBSERVER'), seat(third, 'OBSERVER')])
  t.same(raced.map((answer) => answer.status).sort(), [200, 409])
  t.equal(raced.find((answer) => answer.status === 409)?.json.error, SEAT_TAKEN)
  const board = await api(app, fourth).get('/board')
  t.notOk(board.json.listings.some((item: { id: number }) => item.id === listing.id), 'a full listing is off the board')
  t.match(await seat(fourth, 'OBSERVER'), { status: 409, json: { error: SEAT_TAKEN } })
})

t.test(`each board answer carries exactly the fields its contract declares, the listing's too: nothing else leaks (${kind})`, async (t) => {
  const host = await user(app, 'Keys Host', { examMonth: '2027-04', timeZone: 'Europe/London' })
  const guest = await user(app, 'Keys Guest')
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Keys Admin' })
  const { code, listing } = await listedSession(app, host)
  const keys = (answer: object) => Object.keys(answer).sort()
  const listingKeys = [
    'bookings', 'consultationTime', 'hostExamMonth', 'hostName', 'hostReliability', 'hostTimeZone', 'id', 'isMine', 'note', 'observerSeats',
    'observerSeatsFree', 'patientSeat', 'patientSeatFree', 'readingTime', 'recallEndDate', 'recallStartDate', 'sessionCode', 'sessionType',
    'startsAt', 'timingType', 'title', 'topics', 'yourSeat',
  ]
  const seat = await api(app, guest).post(`/board/listings/${listing.id}/seats`, { role: 'OBSERVER' })
  t.same(keys(seat.json), ['message', 'role', 'sessionCode', 'startsAt'])
  const own = (await api(app, host).get(`/board/sessions/${code}/listing`)).json
  t.same(keys(own), ['listing'])
  t.same(keys(own.listing), listingKeys)
  const onBoard = (await api(app, host).get('/board')).json.listings.find((item: { id: number }) => item.id === listing.id)
  t.same(keys(onBoard), listingKeys)
  t.same(onBoard.bookings, [{ name: 'Keys Guest', role: 'OBSERVER' }], 'a booking is a name and a seat, never an email')
  const shown = (await api(app, admin).get('/admin/board')).json.listings.find((item: { id: number }) => item.id === listing.id)
  t.same(keys(shown), listingKeys)
  const profile = (await api(app, host).get('/profile/partners')).json
  t.same(keys(profile), ['profile'])
  t.same(keys(profile.profile), ['examMonth', 'hiddenFromBoard', 'timeZone'])
  await api(app, host).delete(`/board/listings/${listing.id}`)
})

t.test(`a user can hide from the board; an admin can remove a listing (${kind})`, async (t) => {
  const host = await user(app, 'Shy Host')
  const viewer = await user(app, 'Watcher')
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ada Admin' })
  const { listing } = await listedSession(app, host)
  const onBoard = async () => ((await api(app, viewer).get('/board')).json.listings as Array<{ id: number }>).some((item) => item.id === listing.id)
  t.ok(await onBoard())

  const hidden = await api(app, host).put('/profile/partners', { examMonth: null, timeZone: 'Europe/London', hiddenFromBoard: true })
  t.match(hidden.json.profile, { hiddenFromBoard: true, timeZone: 'Europe/London' })
  t.notOk(await onBoard(), 'hidden')
  await api(app, host).put('/profile/partners', { examMonth: null, timeZone: 'Europe/London', hiddenFromBoard: false })
  t.ok(await onBoard(), 'shown again')
  const badZone = await api(app, host).put('/profile/partners', { examMonth: '2027-13', timeZone: 'Mars/Olympus', hiddenFromBoard: false })
  t.match(badZone, { status: 400, json: { validationErrors: { examMonth: /YYYY-MM/, timeZone: 'Unknown time zone' } } })

  t.equal((await api(app, viewer).delete(`/admin/board/listings/${listing.id}`)).status, 403, 'only an admin removes')
  t.equal((await api(app, viewer).delete(`/board/listings/${listing.id}`)).status, 403, 'only the host cancels')
  t.equal((await api(app, admin).delete(`/admin/board/listings/${listing.id}`)).status, 200)
  t.notOk(await onBoard(), 'removed')
})

t.test(`listing and taking seats are rate limited per user (${kind})`, async (t) => {
  const limited = await boardApp({ rateLimits: true })
  t.teardown(() => limited.close())
  const host = await user(limited.app, 'Eager Host')
  const { listing } = await listedSession(limited.app, host)
  const statuses: number[] = []
  for (let n = 0; n < 6; n += 1) statuses.push((await api(limited.app, host).post('/board/listings', { sessionCode: 'NOPE', patientSeat: true, observerSeats: 0 })).status)
  t.same(statuses, [404, 404, 404, 404, 429, 429], 'after five listings in a minute (one made above), the next ones wait')
  const taker = await user(limited.app, 'Eager Taker')
  const seats: number[] = []
  for (let n = 0; n < 11; n += 1) seats.push((await api(limited.app, taker).post(`/board/listings/${listing.id}/seats`, { role: 'DOCTOR' })).status)
  t.same(seats, [...Array(10).fill(400), 429], 'the eleventh try in a minute waits')
})

t.test(`twelve seats taken at once in twelve listings all succeed: seat locks never hold the whole pool (${kind})`, async (t) => {
  const listings = []
  for (let n = 0; n < 12; n += 1) listings.push((await listedSession(app, await user(app, `Host ${n}`), { startsAt: inHours(30 + n) })).listing)
  const takers: Awaited<ReturnType<typeof user>>[] = []
  for (let n = 0; n < 12; n += 1) takers.push(await user(app, `Taker ${n}`))
  const answers = await Promise.all(listings.map((listing, n) => api(app, takers[n]).post(`/board/listings/${listing.id}/seats`, { role: 'PATIENT' })))
  t.same(
    answers.map((answer) => answer.status),
    Array(12).fill(200),
  )
})

t.test(`the host's listings and board profile are in their data export, and go with their account (${kind})`, async (t) => {
  const host = await user(app, 'Export Host', { examMonth: '2027-03', timeZone: 'Europe/London' })
  const { code, listing } = await listedSession(app, host, { note: 'Mornings, UK time' })
  const mine = (await api(app, host).get('/auth/my-data')).json
  t.match(mine.account, { examMonth: '2027-03', timeZone: 'Europe/London', hiddenFromBoard: false })
  t.match(mine.boardListings, [{ sessionCode: code, note: 'Mornings, UK time', status: 'OPEN' }])
  t.equal((await api(app, host).post('/auth/delete-account', { currentPassword: 'password-1' })).status, 200)
  const left = await app.database.db.selectFrom('board_listings').select('id').where('id', '=', listing.id).execute()
  t.same(left, [], 'the listing went with the account')
})
