import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, HOUR, listedSession, user } from './helpers.ts'

/**
 * A booked seat is shown as booked (issue 30, item 5): the booker's card knows their seat, the host's names who
 * booked, everyone else sees the seat taken; a full planned slot stays on its members' boards; the dashboard's
 * list says the slot's planned time.
 */

const b = await boardApp()
t.teardown(() => b.close())
const { app, clock } = b
const kind = databaseKind()

interface Shown {
  id: number
  patientSeatFree: boolean
  observerSeatsFree: number
  patientSeat: boolean
  observerSeats: number
  yourSeat: string | null
  bookings: Array<{ name: string; role: string }>
}
const cardOf = async (viewer: Parameters<typeof api>[1], id: number) =>
  ((await api(app, viewer).get('/board')).json.listings as Shown[]).find((listing) => listing.id === id)

t.test(`after booking, the booker's card says their seat, the host's names the booker, others see the seat taken (${kind})`, async (t) => {
  const host = await user(app, 'Seat Host')
  const booker = await user(app, 'Seat Booker')
  const other = await user(app, 'Seat Onlooker')
  const { listing } = await listedSession(app, host, { startsAt: new Date(clock.now() + 2 * HOUR).toISOString(), observerSeats: 1 })
  t.match(await cardOf(other, listing.id), { yourSeat: null, bookings: [], patientSeat: true, observerSeats: 1 })

  t.equal((await api(app, booker).post(`/board/listings/${listing.id}/seats`, { role: 'PATIENT' })).status, 200)
  t.match(await cardOf(booker, listing.id), { yourSeat: 'PATIENT', patientSeatFree: false, observerSeatsFree: 1, bookings: [] }, 'the booker is told their seat')
  t.match(await cardOf(other, listing.id), { yourSeat: null, patientSeat: true, patientSeatFree: false, bookings: [] }, 'others see the patient seat offered and taken, not by whom')
  t.same((await cardOf(host, listing.id))?.bookings, [{ name: 'Seat Booker', role: 'PATIENT' }], 'the host sees who booked')

  // The last seat goes: the slot leaves the others' boards, and stays on the booker's and the host's.
  const observer = await user(app, 'Seat Observer')
  t.equal((await api(app, observer).post(`/board/listings/${listing.id}/seats`, { role: 'OBSERVER' })).status, 200)
  t.equal(await cardOf(other, listing.id), undefined, 'full: gone from the board of someone not in it')
  t.match(await cardOf(booker, listing.id), { yourSeat: 'PATIENT' }, 'the booker still sees their seat')
  t.same((await cardOf(host, listing.id))?.bookings.map((booking) => booking.role), ['PATIENT', 'OBSERVER'], 'the host can still call it off')
  await api(app, host).delete(`/board/listings/${listing.id}`)
})

t.test(`the dashboard's list carries a planned slot's time until it comes (${kind})`, async (t) => {
  const host = await user(app, 'Dashboard Host')
  const startsAt = new Date(Math.ceil((clock.now() + HOUR) / 60_000) * 60_000).toISOString()
  const { code, listing } = await listedSession(app, host, { startsAt })
  // With a guest in it, the slot stays when its time comes (an empty one expires).
  await api(app, await user(app, 'Dashboard Guest')).post(`/board/listings/${listing.id}/seats`, { role: 'PATIENT' })
  const mine = async () => ((await api(app, host).get('/sessions/user/active')).json as Array<{ code: string; plannedStartsAt: string | null }>).find((item) => item.code === code)
  t.equal((await mine())?.plannedStartsAt, startsAt)
  await clock.advance(Date.parse(startsAt) - clock.now())
  t.equal((await mine())?.plannedStartsAt, null, 'an open room once its time has come')
})
