import t from 'tap'
import { NO_OBSERVER_SEAT_OFFERED, NO_PATIENT_SEAT_OFFERED, OBSERVER_SEATS_TAKEN, REMOVED_BY_ADMIN } from '../../schemas/board.ts'
import { signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { inRoom, listen } from '../sessions/live-room.ts'
import { api, boardApp, HOUR, listedSession, user } from './helpers.ts'

/** Issue 30, items 1-4: what a listing says, which sessions it holds, and the seats it offers on every way in. */

const b = await boardApp()
t.teardown(() => b.close())
const { app } = b
const kind = databaseKind()

const boardIds = async (viewer: Parameters<typeof api>[1]) => ((await api(app, viewer).get('/board')).json.listings as Array<{ id: number }>).map((item) => item.id)

t.test(`listings of ended sessions leave the board and the cap of three (${kind})`, async (t) => {
  const host = await user(app, 'Restless Host')
  const viewer = await user(app, 'Board Reader')
  const listings: number[] = []
  // Each create leaves the host's earlier room open now, which ends with nobody else in it.
  for (let n = 0; n < 4; n += 1) listings.push((await listedSession(app, host)).listing.id)
  const fifth = await api(app, host).post('/sessions', { title: 'Fifth' })
  const listed = await api(app, host).post('/board/listings', { sessionCode: fifth.json.sessionCode, patientSeat: true, observerSeats: 0 })
  t.equal(listed.status, 201, 'a host with one running listing is not refused')
  const onBoard = await boardIds(viewer)
  t.notOk(listings.some((id) => onBoard.includes(id)), 'no ended session is on the board')
  t.ok(onBoard.includes(listed.json.listing.id))
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Board Admin' })
  const adminView = (await api(app, admin).get('/admin/board')).json.listings as Array<{ id: number }>
  t.notOk(adminView.some((item) => listings.includes(item.id)), 'nor on the admin list of open listings')
})

t.test(`an admin's removal holds: the same session cannot be listed again (${kind})`, async (t) => {
  const host = await user(app, 'Removed Host')
  const viewer = await user(app, 'Removal Witness')
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Removing Admin' })
  const { code, listing } = await listedSession(app, host)
  t.equal((await api(app, admin).delete(`/admin/board/listings/${listing.id}`)).status, 200)
  const again = await api(app, host).post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 2 })
  t.match(again, { status: 409, json: { error: REMOVED_BY_ADMIN } })
  t.notOk((await boardIds(viewer)).includes(listing.id), 'still off the board')
})

t.test(`the seats a listing offers hold on a join by code or invite link too (${kind})`, async (t) => {
  const host = await user(app, 'Observer Only Host')
  const [first, second, third] = [await user(app, 'Code Patient'), await user(app, 'Code Observer'), await user(app, 'Late Observer')]
  const { code, listing } = await listedSession(app, host, { patientSeat: false, observerSeats: 1 })
  const joinByCode = (who: typeof first, role: string) => api(app, who).post(`/sessions/${code}/join-with-role`, { role })
  t.match(await joinByCode(first, 'patient'), { status: 409, json: { error: NO_PATIENT_SEAT_OFFERED } })
  t.equal((await joinByCode(second, 'observer')).status, 200, 'the seat offered is taken by code')
  t.match(await joinByCode(third, 'observer'), { status: 409, json: { error: OBSERVER_SEATS_TAKEN } })
  const people = (await api(app, host).get(`/sessions/${code}`)).json.participants as Array<{ userId: number }>
  t.same(people.map((p) => p.userId).sort(), [host.id, second.id].sort(), 'nobody sat in a seat not offered')

  // Terms bind while the session is listed: once the host calls the listing off, the room is an ordinary one.
  t.equal((await api(app, host).delete(`/board/listings/${listing.id}`)).status, 200)
  t.equal((await joinByCode(first, 'patient')).status, 200)
})

t.test(`an observer-only listing refuses a patient by code, and a patient-only one an observer (${kind})`, async (t) => {
  const host = await user(app, 'Patient Only Host')
  const guest = await user(app, 'Would Be Observer')
  const { code } = await listedSession(app, host, { patientSeat: true, observerSeats: 0 })
  t.match(await api(app, guest).post(`/sessions/${code}/join-with-role`, { role: 'observer' }), { status: 409, json: { error: NO_OBSERVER_SEAT_OFFERED } })
})

t.test(`a listing says the session's topics and timings, and follows a configure after listing (${kind})`, async (t) => {
  const host = await user(app, 'Timed Host')
  const viewer = await user(app, 'Timing Reader')
  const { code, listing } = await listedSession(app, host)
  const shown = async () => ((await api(app, viewer).get('/board')).json.listings as Array<{ id: number }>).find((item) => item.id === listing.id)
  t.match(await shown(), { topics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
  const changed = { sessionType: 'TOPIC', selectedTopics: ['Neurology'], readingTime: 5, consultationTime: 10, timingType: 'STOPWATCH' }
  t.equal((await api(app, host).post(`/sessions/${code}/configure`, changed)).status, 200)
  t.match(await shown(), { topics: ['Neurology'], readingTime: 5, consultationTime: 10, timingType: 'STOPWATCH' })
})

t.test(`a host holds a "now" and a planned session at once; what still ends says why (${kind})`, async (t) => {
  const host = await user(app, 'Two Sessions Host')
  const viewer = await user(app, 'Both Listings Reader')
  const now = await listedSession(app, host)
  const inDays = (days: number) => new Date(b.clock.now() + days * 24 * HOUR).toISOString()

  // Made to be planned for later, the second session keeps the first; its planned listing joins it on the board.
  const later = await api(app, host).post('/sessions', { title: 'Tomorrow', keepOtherSessions: true })
  t.match(later, { status: 200, json: { leftFromSessions: 0 } })
  const planned = await api(app, host).post('/board/listings', { sessionCode: later.json.sessionCode, patientSeat: true, observerSeats: 1, startsAt: inDays(1) })
  t.equal(planned.status, 201)
  t.same((await boardIds(viewer)).filter((id) => [now.listing.id, planned.json.listing.id].includes(id)).sort(), [now.listing.id, planned.json.listing.id].sort(), 'both listings on the board')
  // An ordinary create now leaves the room open now, and not the planned slot.
  const third = await api(app, host).post('/sessions', { title: 'Something else' })
  t.equal(third.json.leftFromSessions, 1)
  t.same((await boardIds(viewer)).filter((id) => [now.listing.id, planned.json.listing.id].includes(id)), [planned.json.listing.id], 'the planned listing stays')
  const ended = (await api(app, viewer).get(`/sessions/${now.code}`)).json
  t.match(ended, { status: 'COMPLETED', endedReason: 'Not enough participants remaining: Two Sessions Host moved to another session' })
})

t.test(`a session kept open is left once the one made for later is listed for now; its old tab hears why (${kind})`, async (t) => {
  const server = await listen(app.app)
  const host = await user(app, 'Kept Room Host')
  const partner = await user(app, 'Kept Room Partner')
  const first = await listedSession(app, host)
  t.equal((await api(app, partner).post(`/sessions/${first.code}/join-with-role`, { role: 'patient' })).status, 200)
  const oldTab = await inRoom(t, server, 'websocket', host, first.code)
  const partnerTab = await inRoom(t, server, 'websocket', partner, first.code)

  const later = await api(app, host).post('/sessions', { title: 'Made for later', keepOtherSessions: true })
  t.equal(later.json.leftFromSessions, 0)
  t.equal((await api(app, host).post('/board/listings', { sessionCode: later.json.sessionCode, patientSeat: true, observerSeats: 0 })).status, 201)
  const reason = 'Not enough participants remaining: Kept Room Host moved to another session'
  const heard = await oldTab.until('SESSION_ENDED')
  t.match(heard.find((message) => message.type === 'USER_LEFT'), { userId: host.id, reason: 'JOINED_ANOTHER_SESSION' }, 'the leaver hears that they left, and why')
  t.match(heard.at(-1), { reason })
  t.match((await partnerTab.until('SESSION_ENDED')).at(-1), { reason })
})

t.test(`starting the session made for later leaves the one kept open (${kind})`, async (t) => {
  const host = await user(app, 'Starting Host')
  const [waiting, guest] = [await user(app, 'Left Waiting'), await user(app, 'Later Guest')]
  const kept = await listedSession(app, host)
  t.equal((await api(app, waiting).post(`/sessions/${kept.code}/join-with-role`, { role: 'patient' })).status, 200)
  const later = await api(app, host).post('/sessions', { title: 'Started instead', keepOtherSessions: true })
  const code = later.json.sessionCode
  t.equal((await api(app, host).post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Neurology'] })).status, 200)
  t.equal((await api(app, guest).post(`/sessions/${code}/join-with-role`, { role: 'patient' })).status, 200)
  t.equal((await api(app, waiting).get(`/sessions/${kept.code}`)).json.status, 'CREATED', 'kept open until then')
  t.equal((await api(app, host).post(`/sessions/${code}/start`, {})).status, 200)
  t.match((await api(app, waiting).get(`/sessions/${kept.code}`)).json, { status: 'COMPLETED', endedReason: /Starting Host moved to another session/ })
})

t.test(`the host's configure page reads how its session is listed; nobody else may (${kind})`, async (t) => {
  const host = await user(app, 'Rereading Host')
  const other = await user(app, 'Curious Other')
  const unlisted = await api(app, host).post('/sessions', { title: 'Not listed yet' })
  const url = (code: string) => `/board/sessions/${code}/listing`
  t.same((await api(app, host).get(url(unlisted.json.sessionCode))).json, { listing: null }, 'not listed: null')
  const { code, listing } = await listedSession(app, host, { patientSeat: false, observerSeats: 2, note: 'Evenings' })
  const read = await api(app, host).get(url(code))
  t.equal(read.status, 200)
  t.match(read.json.listing, { id: listing.id, sessionCode: code, patientSeat: false, observerSeats: 2, note: 'Evenings', isMine: true })
  t.equal((await api(app, host).get(url(code.toLowerCase()))).json.listing.id, listing.id, 'the code in any case')
  const notTheirs = await api(app, other).get(url(code))
  t.same([notTheirs.status, notTheirs.json], [404, { error: 'Session not found' }], 'someone else’s session is a wrong code to them')
  t.same((await api(app, other).get(url('ZZZZ-ZZZZ'))).json, notTheirs.json, 'word for word')
  t.equal((await api(app, host).get(url('ZZZZ-ZZZZ'))).status, 404)
  await api(app, host).delete(`/board/listings/${listing.id}`)
  t.same((await api(app, host).get(url(code))).json, { listing: null }, 'cancelled: null')
})
