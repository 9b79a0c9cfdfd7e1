import t from 'tap'
import type { AddressInfo } from 'node:net'
import { databaseKind } from '../helpers/db.ts'
import { api as instanceApi, twoInstances } from '../helpers/two-instances.ts'
import { api, boardApp, boardWatcher, listedSession, user } from './helpers.ts'

/** The board's live topic (issue 20): any signed-in user hears it; listings and seats taken anywhere reach it. */

const kind = databaseKind()

t.test(`a listing, a seat taken from the board and a join by code each reach every board subscriber (${kind})`, async (t) => {
  const b = await boardApp()
  t.teardown(() => b.close())
  await b.app.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = b.app.app.server.address() as AddressInfo
  const address = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }
  const [host, viewer, patient, observer] = [await user(b.app, 'Live Host'), await user(b.app, 'Live Viewer'), await user(b.app, 'Live Patient'), await user(b.app, 'Live Observer')]
  const watcher = await boardWatcher(t, address, viewer.token)

  const { code, listing } = await listedSession(b.app, host)
  t.ok(await watcher.heard(listing.id), 'the new listing')
  await api(b.app, patient).post(`/board/listings/${listing.id}/seats`, { role: 'PATIENT' })
  t.ok(await watcher.heard(listing.id), 'a seat taken from the board')
  await api(b.app, observer).post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  t.ok(await watcher.heard(listing.id), 'a seat taken by code')
  // The host's listings show their profile: every page reads the board again (on PostgreSQL, an empty NOTIFY).
  await api(b.app, host).put('/profile/partners', { examMonth: '2027-03', timeZone: 'Europe/London', hiddenFromBoard: false })
  t.ok(await watcher.heard(null), 'a profile saved')
  t.same(watcher.errors.items, [], 'any signed-in user may subscribe')
})

t.test('across instances on PostgreSQL, a listing and a seat taken on one reach the board on the other', { skip: kind !== 'postgres' && 'needs DATABASE_URL' }, async (t) => {
  const cluster = await twoInstances(2)
  t.teardown(() => cluster.close())
  const room = await cluster.readyRoom()
  const [a, bServer] = cluster.servers
  const ws = bServer.baseUrl.replace(/^http/, 'ws')
  const watcher = await boardWatcher(t, { sockJsUrl: `${bServer.baseUrl}/ws`, webSocketUrl: `${ws}/ws` }, room.observer.token)

  // The ready room has its patient already: the host lists it for one more observer.
  const listed = await instanceApi(a, 'POST', '/board/listings', room.doctor.token, { sessionCode: room.code, patientSeat: false, observerSeats: 2 })
  t.equal(listed.status, 201)
  const id: number = listed.json.listing.id
  t.ok(await watcher.heard(id), 'the listing made on the other instance')
  const seat = await instanceApi(a, 'POST', `/board/listings/${id}/seats`, room.patient.token, { role: 'OBSERVER' })
  t.equal(seat.status, 409, 'someone already in the room as the patient cannot take an observer seat')
  const account = { email: 'newcomer@cluster.test', password: 'password-1' }
  await instanceApi(a, 'POST', '/auth/register', null, { name: 'New Comer', ...account })
  const newcomer = await instanceApi(a, 'POST', '/auth/login', null, account)
  const taken = await instanceApi(a, 'POST', `/board/listings/${id}/seats`, newcomer.json.token, { role: 'OBSERVER' })
  t.equal(taken.status, 200)
  t.ok(await watcher.heard(id), 'the seat taken on the other instance')
  const board = await instanceApi(bServer, 'GET', '/board', room.observer.token)
  t.same(board.json.listings, [], 'its last seat taken, the listing is off the board on the other instance too')
})

t.test(`a partner-settings save that changes nothing tells no board, and saves are rate limited (issue 30, ${kind})`, async (t) => {
  const b = await boardApp({ rateLimits: true })
  t.teardown(() => b.close())
  await b.app.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = b.app.app.server.address() as AddressInfo
  const [host, viewer] = [await user(b.app, 'Saving Host'), await user(b.app, 'Board Reader')]
  const watcher = await boardWatcher(t, { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }, viewer.token)
  const settings = { examMonth: '2027-03', timeZone: 'Europe/London', hiddenFromBoard: false }
  const save = () => api(b.app, host).put('/profile/partners', settings)
  t.equal((await save()).status, 200)
  t.same(await watcher.inbox.next(10_000), { type: 'BOARD_CHANGED', listingId: null }, 'a real change tells the boards')
  const unchanged = []
  for (let n = 0; n < 5; n += 1) unchanged.push(await save())
  t.same(unchanged.map((answer) => [answer.status, answer.json.profile]), Array(5).fill([200, settings]), 'the same settings saved again are answered as saved')
  const { listing } = await listedSession(b.app, host)
  t.same(await watcher.inbox.next(10_000), { type: 'BOARD_CHANGED', listingId: listing.id }, 'the next notice is the listing: the unchanged saves told nobody')
  const more = []
  for (let n = 0; n < 5; n += 1) more.push((await api(b.app, host).put('/profile/partners', { ...settings, hiddenFromBoard: n % 2 === 0 })).status)
  t.same(more, [200, 200, 200, 200, 429], 'ten saves a minute, then the next waits')
})
