import t, { type Test } from 'tap'
import type { AddressInfo } from 'node:net'
import { JOIN_NOT_ALLOWED } from '../../schemas/partners/safety.ts'
import { signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { stompClient } from '../live/live-harness.ts'
import { api, boardApp, listedSession, user } from '../board/helpers.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * A session by its code (issue 36: blocking holds "on every route and live destination"): someone blocked either
 * way with anyone in a session, its host or a seated guest, who never held a seat in it, is answered on every
 * route that takes its code exactly as for a code that names no session, wrong codes counted, so nothing tells
 * them of the block. Everyone else, and whoever holds or held a seat in it, is answered as before.
 */

const kind = databaseKind()
const b = await boardApp({ rateLimits: true })
t.teardown(() => b.close())
await b.app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = b.app.app.server.address() as AddressInfo
const address = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }

/** A well-formed code that names no session. */
const NO_SESSION = 'ABCD-EFGH'

/** Every route a candidate may send a session's code to (each tried twice per person: within every limit). */
const routesByCode = (person: User): Array<[string, (code: string) => Promise<{ status: number; json: unknown }>]> => {
  const as = api(b.app, person)
  return [
    ['the lobby', (code) => as.get(`/sessions/${code}`)],
    ['the join page’s check', (code) => as.post('/sessions/join', { code })],
    ['a join', (code) => as.post(`/sessions/${code}/join-with-role`, { role: 'observer' })],
    ['a command', (code) => as.post(`/sessions/${code}/leave`)],
    ['the observer status', (code) => as.get(`/sessions/${code}/observer-feedback-status`)],
    ['the debriefs', (code) => as.get(`/sessions/${code}/debriefs`)],
    ['the self-assessment', (code) => as.get(`/sessions/${code}/self-assessment`)],
    ['the mock result', (code) => as.get(`/sessions/${code}/mock-result`)],
    ['the board listing', (code) => as.get(`/board/sessions/${code}/listing`)],
    ['listing it', (code) => as.post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 1 })],
  ]
}

/** Whether the person's board lists the session's listing. */
const onBoardOf = async (person: User, code: string) =>
  ((await api(b.app, person).get('/board')).json.listings as Array<{ sessionCode: string }>).some((listing) => listing.sessionCode === code)

async function answeredAsNoSession(t: Test, person: User, code: string, who: string) {
  for (const [route, ask] of routesByCode(person)) {
    const real = await ask(code)
    const none = await ask(NO_SESSION)
    t.same([real.status, real.json], [none.status, none.json], `${who}: ${route} answers as a code naming no session`)
  }
}

/** The ERROR a live SUBSCRIBE to the code gets (a new connection each: an ERROR ends one). */
async function subscribeRefusal(t: Test, person: User, code: string) {
  const live = stompClient(address, 'websocket', person.token)
  t.teardown(() => live.client.deactivate())
  await live.connected.next(10_000)
  live.subscribe(code)
  return (await live.errors.next(10_000)).headers.message
}

t.test(`a block with the host or a seated guest hides a session from one never in it, on every route (${kind})`, async (t) => {
  const [ann, cat] = [await user(b.app, 'Ann Host'), await user(b.app, 'Cat Guest')]
  const [ben, bea, dan, eve] = [await user(b.app, 'Ben Blocked'), await user(b.app, 'Bea Blocker'), await user(b.app, 'Dan Blocked'), await user(b.app, 'Eve Bystander')]
  const { code } = await listedSession(b.app, ann)
  t.equal((await api(b.app, cat).post(`/sessions/${code}/join-with-role`, { role: 'patient' })).status, 200)
  for (const person of [ben, bea, dan]) t.equal((await api(b.app, person).get(`/sessions/${code}`)).status, 200, 'before any block, the lobby is shown')

  t.equal((await api(b.app, ann).post('/blocks', { userId: ben.id })).status, 200, 'the host blocks Ben')
  t.equal((await api(b.app, bea).post('/blocks', { userId: ann.id })).status, 200, 'Bea blocks the host')
  t.equal((await api(b.app, cat).post('/blocks', { userId: dan.id })).status, 200, 'the seated guest blocks Dan')
  await answeredAsNoSession(t, ben, code, 'Ben, blocked by the host')
  await answeredAsNoSession(t, bea, code, 'Bea, who blocked the host')
  await answeredAsNoSession(t, dan, code, 'Dan, blocked by a guest in it')
  t.same(
    { ben: await onBoardOf(ben, code), bea: await onBoardOf(bea, code), dan: await onBoardOf(dan, code), eve: await onBoardOf(eve, code) },
    { ben: false, bea: false, dan: false, eve: true },
    'the board lists the seat to none of them (its code would be wrong to them, its seat refused), only to a bystander',
  )
  t.equal(await subscribeRefusal(t, ben, code), await subscribeRefusal(t, ben, NO_SESSION), 'the live room refuses Ben as a code naming no session')

  const lobby = await api(b.app, eve).get(`/sessions/${code}`)
  t.match(lobby, { status: 200, json: { code, userRole: null } }, 'a bystander still sees the lobby')
  t.match(await api(b.app, eve).post('/sessions/join', { code }), { status: 200, json: { sessionCode: code } })
  t.equal((await api(b.app, eve).post(`/sessions/${code}/join-with-role`, { role: 'observer' })).status, 200, 'and joins it')

  // Those with a seat are never kept out: not by a block made while they sit, nor after they leave.
  t.equal((await api(b.app, ann).post('/blocks', { userId: cat.id })).status, 200, 'the host blocks the guest sitting in the room')
  t.match(await api(b.app, cat).get(`/sessions/${code}`), { status: 200, json: { userRole: 'PATIENT' } }, 'the guest still sees the room')
  t.match(await api(b.app, cat).get(`/sessions/${code}/observer-feedback-status`), { status: 200 })
  t.equal((await api(b.app, cat).post(`/sessions/${code}/leave`)).status, 200)
  t.match(await api(b.app, cat).get(`/sessions/${code}`), { status: 200, json: { code, userRole: null } }, 'one who left still sees what they saw')
  const again = await api(b.app, cat).post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  t.same([again.status, again.json], [409, { error: JOIN_NOT_ALLOWED }], 'but may not sit down again: the join’s own append refuses it, in the words of a full room')
  t.match(await api(b.app, dan).get(`/sessions/${code}`), { status: 200, json: { code } }, 'with the guest gone, Dan is blocked with nobody in it')
  t.ok(await onBoardOf(dan, code), 'and the board lists its free seat to him again')
  t.match(await api(b.app, ann).get(`/sessions/${code}`), { status: 200, json: { isHost: true } })

  t.equal((await api(b.app, ann).delete(`/blocks/${ben.id}`)).status, 200)
  t.equal((await api(b.app, ben).get(`/sessions/${code}`)).status, 200, 'lifting the block shows the lobby again')
})

t.test(`a look-up of a session one is kept out of counts as a wrong code (${kind})`, async (t) => {
  const [ann, fay] = [await user(b.app, 'Ann Counted'), await user(b.app, 'Fay Counted')]
  const { code } = await listedSession(b.app, ann)
  t.equal((await api(b.app, ann).post('/blocks', { userId: fay.id })).status, 200)
  const statuses: number[] = []
  for (let i = 0; i < 31; i += 1) statuses.push((await api(b.app, fay).get(`/sessions/${code}`)).status)
  t.same(statuses, [...Array(30).fill(404), 429], 'thirty a minute, then made to wait, as with thirty wrong codes')
})

t.test(`an admin blocked by someone in a session still reaches it by its code (${kind})`, async (t) => {
  const [ann, cat] = [await user(b.app, 'Ann Admined'), await user(b.app, 'Cat Admined')]
  const admin = await signedInUser(b.app, { name: 'Ada Admin', role: 'ADMIN' })
  const { code } = await listedSession(b.app, ann)
  t.equal((await api(b.app, cat).post(`/sessions/${code}/join-with-role`, { role: 'patient' })).status, 200)
  t.equal((await api(b.app, cat).post('/blocks', { userId: admin.id })).status, 200, 'a candidate can block anyone they can see, an admin too')
  t.match(await api(b.app, admin).get(`/sessions/${code}`), { status: 200, json: { code } }, 'the admin still sees the room')
  const skip = await api(b.app, admin).post(`/sessions/${code}/skip-phase`, {})
  t.not(skip.status, 404, `the room's admin controls still find it (${skip.status})`)
})

t.test(`the board's routes for a host's own session answer anyone else as a wrong code, counted with the session routes' (${kind})`, async (t) => {
  const [hal, gus] = [await user(b.app, 'Hal Lists'), await user(b.app, 'Gus Guesses')]
  const { code } = await listedSession(b.app, hal)
  for (const [route, ask] of [
    ['how it is listed', (typed: string) => api(b.app, gus).get(`/board/sessions/${typed}/listing`)],
    ['listing it', (typed: string) => api(b.app, gus).post('/board/listings', { sessionCode: typed, patientSeat: true, observerSeats: 1 })],
  ] as const) {
    const real = await ask(code)
    const none = await ask(NO_SESSION)
    t.same([real.status, real.json], [none.status, none.json], `${route}: a real code not his own answers as a code naming no session`)
    t.same([real.status, real.json], [404, { error: 'Session not found' }])
  }
  // Four counted above; with 16 more on the board and 10 on the lobby, the minute's thirty wrong codes are spent.
  const statuses: number[] = []
  for (let i = 0; i < 16; i += 1) statuses.push((await api(b.app, gus).get(`/board/sessions/${code}/listing`)).status)
  for (let i = 0; i < 10; i += 1) statuses.push((await api(b.app, gus).get(`/sessions/${NO_SESSION}`)).status)
  t.same(statuses, Array(26).fill(404))
  t.equal((await api(b.app, gus).get(`/sessions/${code}`)).status, 429, 'then even a code he may open waits, as after thirty wrong codes anywhere')
  t.equal((await api(b.app, gus).get(`/board/sessions/${code}/listing`)).status, 429, 'and so do the board’s look-ups')
  t.match(await api(b.app, hal).get(`/board/sessions/${code}/listing`), { status: 200, json: { listing: { sessionCode: code, isMine: true } } }, 'the host reads it as before')
})
