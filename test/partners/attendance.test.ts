import t from 'tap'
import type { AddressInfo } from 'node:net'
import { reliabilityWords, type Reliability } from '../../schemas/partners/reliability.ts'
import { signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import type { User } from '../sessions/helpers.ts'
import { stompClient } from '../live/live-harness.ts'
import { api, boardApp, HOUR, listedSession, user } from '../board/helpers.ts'

/**
 * Attendance of planned sessions (issue 36), from outside: people enter the room over a real STOMP client, the
 * manual clock runs the board's jobs, and each person's reliability is read where others see it (the board).
 */

const MINUTE = 60_000
const kind = databaseKind()
const b = await boardApp()
t.teardown(() => b.close())
const { app, clock } = b
await app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.app.server.address() as AddressInfo
const address = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }
const viewer = await user(app, 'Board Reader')

/** A planned listing two hours ahead (a whole minute), its patient and observer seats taken by `guests`. */
async function plannedWith(host: User, guests: User[]) {
  const startsAt = Math.ceil((clock.now() + 2 * HOUR) / MINUTE) * MINUTE
  const { code, listing } = await listedSession(app, host, { startsAt: new Date(startsAt).toISOString(), observerSeats: 3 })
  for (const [n, guest] of guests.entries()) {
    const seat = await api(app, guest).post(`/board/listings/${listing.id}/seats`, { role: n === 0 ? 'PATIENT' : 'OBSERVER' })
    if (seat.status !== 200) throw new Error(`seat failed: ${JSON.stringify(seat.json)}`)
  }
  return { code, listing, at: (minutesFromStart: number) => clock.advance(startsAt + minutesFromStart * MINUTE - clock.now()) }
}

/** Opens the room as the browser does: subscribed to /topic/session/{code}, once the server has confirmed it. */
async function enterRoom(t: { teardown(fn: () => unknown): void }, person: User, code: string) {
  const client = stompClient(address, 'websocket', person.token)
  t.teardown(() => client.client.deactivate())
  await client.connected.next(10_000)
  await client.subscribe(code).ready
  return { leave: () => client.client.deactivate() }
}

/** Waits until the room no longer shows `person` as present (the live channel's grace on a reload has passed). */
async function goneFromRoom(person: User, code: string) {
  for (let n = 0; n < 200; n += 1) {
    const session = await api(app, viewer).get(`/sessions/${code}`)
    if (session.status !== 200) throw new Error(`session not read: ${JSON.stringify(session.json)}`)
    const present = (session.json.participants as Array<{ userId: number; isOnline: boolean }>).some((p) => p.userId === person.id && p.isOnline)
    if (!present) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`user ${person.id} still shows as in the room`)
}

/** The person's reliability as the board shows it to others, on a listing of theirs made for the purpose. */
async function shownReliability(person: User): Promise<string> {
  const { listing } = await listedSession(app, person)
  const board = await api(app, viewer).get('/board')
  const shown = board.json.listings.find((item: { id: number }) => item.id === listing.id) as { hostReliability: Reliability }
  await api(app, person).delete(`/board/listings/${listing.id}`)
  return reliabilityWords(shown.hostReliability)
}

t.test(`a guest who opens the room at the start kept it; a host who never came did not (${kind})`, async (t) => {
  const host = await user(app, 'Absent Host')
  const guest = await user(app, 'Punctual Guest')
  const slot = await plannedWith(host, [guest])
  const before = await api(app, viewer).get('/board')
  const listed = before.json.listings.find((item: { id: number }) => item.id === slot.listing.id)
  t.same(listed.hostReliability, { kept: 0, planned: 0 }, 'no record before any planned session')

  await slot.at(0)
  await enterRoom(t, guest, slot.code)
  await slot.at(10)
  t.equal(await shownReliability(host), 'Kept 0 of 1 planned session')
  t.equal(await shownReliability(guest), 'Kept 1 of 1 planned session')
  const own = await api(app, host).get(`/board/sessions/${slot.code}/listing`)
  t.same(own.json.listing.hostReliability, { kept: 0, planned: 1 }, 'the host\'s own listing shows the same numbers, and nothing more')
})

t.test(`arriving 20 minutes early and staying counts; arriving 15 minutes late does not (${kind})`, async (t) => {
  const host = await user(app, 'Steady Host')
  const early = await user(app, 'Early Guest')
  const late = await user(app, 'Late Guest')
  const slot = await plannedWith(host, [early, late])

  await slot.at(-20)
  await enterRoom(t, early, slot.code)
  await slot.at(0)
  await enterRoom(t, host, slot.code)
  await slot.at(10)
  await slot.at(15)
  await enterRoom(t, late, slot.code)
  await slot.at(16)
  t.equal(await shownReliability(early), 'Kept 1 of 1 planned session', 'in the room from 20 minutes before')
  t.equal(await shownReliability(host), 'Kept 1 of 1 planned session')
  t.equal(await shownReliability(late), 'Kept 0 of 1 planned session', 'a quarter of an hour late is not kept, and arriving then changes nothing')
})

t.test(`who held a seat at the start is who was planned: a seat given up before does not count, a visit at the start does (${kind})`, async (t) => {
  const host = await user(app, 'Patient Host')
  const brief = await user(app, 'Brief Visitor')
  const looker = await user(app, 'Early Looker')
  const quitter = await user(app, 'Polite Quitter')
  const slot = await plannedWith(host, [brief, looker, quitter])

  // Two hours ahead, one guest looks into the room and leaves: that is no arrival.
  const look = await enterRoom(t, looker, slot.code)
  look.leave()
  await goneFromRoom(looker, slot.code)
  await slot.at(-45)
  // The host opens the room before the half hour that counts as arriving, and stays over the start.
  const hostStay = await enterRoom(t, host, slot.code)
  await slot.at(-30)
  t.equal((await api(app, quitter).post(`/sessions/${slot.code}/leave`)).status, 200, 'half an hour before, a guest gives their seat up')
  await slot.at(0)
  const visit = await enterRoom(t, brief, slot.code)
  await slot.at(5)
  visit.leave()
  hostStay.leave()
  await goneFromRoom(brief, slot.code)
  await goneFromRoom(host, slot.code)
  await slot.at(10)

  t.equal(await shownReliability(brief), 'Kept 1 of 1 planned session', 'in the room at the start, gone before the ten minutes were up')
  t.equal(await shownReliability(looker), 'Kept 0 of 1 planned session', 'a look two hours ahead is not coming')
  t.equal(await shownReliability(quitter), 'No planned sessions yet', 'a seat given up before the start was no promise broken')
  t.equal(await shownReliability(host), 'Kept 1 of 1 planned session', 'in the room at the start, having entered earlier still')
})

t.test(`leaving the seat after the start, or the host ending the session, still leaves a no-show counted (${kind})`, async (t) => {
  const host = await user(app, 'Waiting Host')
  const guest = await user(app, 'Missing Guest')
  const dodger = await user(app, 'Late Dodger')
  const slot = await plannedWith(host, [guest, dodger])
  await slot.at(0)
  await enterRoom(t, host, slot.code)
  await slot.at(2)
  t.equal((await api(app, dodger).post(`/sessions/${slot.code}/leave`)).status, 200, 'a guest who never came gives the seat up after the start')
  await slot.at(3)
  t.equal((await api(app, host).post(`/sessions/${slot.code}/end`)).status, 200, 'nobody came: the host ends it')
  await slot.at(10)
  t.equal(await shownReliability(host), 'Kept 1 of 1 planned session')
  t.equal(await shownReliability(guest), 'Kept 0 of 1 planned session')
  t.equal(await shownReliability(dodger), 'Kept 0 of 1 planned session', 'the seat was theirs while the others waited')
})

t.test(`calling the listing off after its start leaves who came and who did not counted (${kind})`, async (t) => {
  const host = await user(app, 'Vanishing Host')
  const guest = await user(app, 'Waiting Guest')
  const slot = await plannedWith(host, [guest])
  await slot.at(0)
  await enterRoom(t, guest, slot.code)
  await slot.at(5)
  t.equal((await api(app, host).delete(`/board/listings/${slot.listing.id}`)).status, 200, 'the host who never came cancels the listing after its start')
  await slot.at(10)
  t.equal(await shownReliability(host), 'Kept 0 of 1 planned session', 'which does not wipe out their no-show')
  t.equal(await shownReliability(guest), 'Kept 1 of 1 planned session')
})

t.test(`calling the listing off after its start, before its late OPEN job has run, still settles attendance (${kind})`, async (t) => {
  const host = await user(app, 'Hasty Host')
  const guest = await user(app, 'Faithful Guest')
  const slot = await plannedWith(host, [guest])
  // The instance that claimed the opening died holding it: the job waits for its lease to end.
  const held = await app.database.db
    .updateTable('board_jobs')
    .set({ claimed_until: new Date(Date.parse(slot.listing.startsAt!) + HOUR) })
    .where('listing_id', '=', slot.listing.id)
    .where('kind', '=', 'OPEN')
    .executeTakeFirst()
  t.equal(Number(held.numUpdatedRows), 1)
  await slot.at(0)
  await enterRoom(t, guest, slot.code)
  await slot.at(5)
  t.equal((await api(app, host).delete(`/board/listings/${slot.listing.id}`)).status, 200, 'the host cancels after the start, the opening not yet run')
  await slot.at(10)
  t.equal(await shownReliability(host), 'Kept 0 of 1 planned session', 'the host’s no-show is not lost')
  t.equal(await shownReliability(guest), 'Kept 1 of 1 planned session')
})

t.test(`a guest who comes within the ten minutes after the host called it off has kept it (${kind})`, async (t) => {
  const host = await user(app, 'Absent Canceller')
  const guest = await user(app, 'Late But In Time')
  const slot = await plannedWith(host, [guest])
  await slot.at(3)
  t.equal((await api(app, host).delete(`/board/listings/${slot.listing.id}`)).status, 200, 'the host calls it off three minutes after the start')
  await slot.at(6)
  const visit = await enterRoom(t, guest, slot.code)
  visit.leave()
  await goneFromRoom(guest, slot.code)
  await slot.at(10)
  t.equal(await shownReliability(guest), 'Kept 1 of 1 planned session', 'in the room six minutes after the start')
  t.equal(await shownReliability(host), 'Kept 0 of 1 planned session')
})

for (const endedBy of ['the host cancels', 'an admin removes'] as const) {
  t.test(`a guest in the room from 40 minutes before still kept it when ${endedBy} the listing after its start, before its late OPEN job ran (${kind})`, async (t) => {
    const host = await user(app, `Absent Host (${endedBy})`)
    const guest = await user(app, `Very Early Guest (${endedBy})`)
    const slot = await plannedWith(host, [guest])
    // The instance that claimed the opening died holding it: the job waits for its lease to end.
    await app.database.db
      .updateTable('board_jobs')
      .set({ claimed_until: new Date(Date.parse(slot.listing.startsAt!) + HOUR) })
      .where('listing_id', '=', slot.listing.id)
      .where('kind', '=', 'OPEN')
      .execute()
    await slot.at(-40)
    // Entered before the half hour that counts as arriving: only the start's stamp of those in the room knows she came.
    const stay = await enterRoom(t, guest, slot.code)
    await slot.at(5)
    const ended =
      endedBy === 'the host cancels'
        ? await api(app, host).delete(`/board/listings/${slot.listing.id}`)
        : await api(app, await signedInUser(app, { role: 'ADMIN' })).delete(`/admin/board/listings/${slot.listing.id}`)
    t.equal(ended.status, 200, 'called off five minutes after the start, the opening not yet run')
    stay.leave()
    await goneFromRoom(guest, slot.code)
    await slot.at(10)
    t.equal(await shownReliability(guest), 'Kept 1 of 1 planned session', 'in the room over the start, gone before the ten minutes were up')
    t.equal(await shownReliability(host), 'Kept 0 of 1 planned session')
  })
}
