import t from 'tap'
import type { AddressInfo } from 'node:net'
import { SEAT_TAKEN } from '../../schemas/board.ts'
import { NO_SUCH_CANDIDATE } from '../../schemas/partners/safety.ts'
import { databaseKind } from '../helpers/db.ts'
import { stompClient } from '../live/live-harness.ts'
import { api, boardApp, HOUR, listedSession, user } from '../board/helpers.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * Blocking (issue 36), from outside: a block hides both people from each other on the board, the matches and the
 * profiles, refuses a seat and a join by code or link, and so the live room; nobody learns who blocked whom.
 */

const kind = databaseKind()
const b = await boardApp()
t.teardown(() => b.close())
await b.app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = b.app.app.server.address() as AddressInfo
const address = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }
const { db } = b.app.database

const WHOLE_WEEK = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '24:00' }))
/** A candidate free all week in London, with an exam month: everyone like them matches everyone else. */
async function candidate(name: string) {
  const person = await user(b.app, name, { examMonth: '2027-03', timeZone: 'Europe/London' })
  const saved = await api(b.app, person).put('/profile/hours', { hours: WHOLE_WEEK })
  if (saved.status !== 200) throw new Error(`hours failed: ${JSON.stringify(saved.json)}`)
  return person
}

const boardCodes = async (viewer: User) => (await api(b.app, viewer).get('/board')).json.listings.map((listing: { sessionCode: string }) => listing.sessionCode)
const matchIds = async (viewer: User) => (await api(b.app, viewer).get('/partners/matches?examNear=false')).json.matches.map((match: { userId: number }) => match.userId)

t.test(`a block holds both ways on the board, seats, joins, matches, profiles and the live room; unblocking restores them (${kind})`, async (t) => {
  const [ann, ben, cat] = [await candidate('Ann Blocker'), await candidate('Ben Blocked'), await candidate('Cat Bystander')]
  const annListed = await listedSession(b.app, ann)
  const benListed = await listedSession(b.app, ben)
  t.ok((await boardCodes(ben)).includes(annListed.code), 'before: Ben sees Ann’s listing')
  t.ok((await matchIds(ann)).includes(ben.id), 'before: Ann and Ben match')
  t.equal((await api(b.app, ben).get(`/partners/people/${ann.id}`)).status, 200)

  const blocked = await api(b.app, ann).post('/blocks', { userId: ben.id })
  t.equal(blocked.status, 200)
  t.match(blocked.json.message, /they are not told/)
  t.equal((await api(b.app, ann).post('/blocks', { userId: ben.id })).status, 200, 'blocking again is fine')

  t.notOk((await boardCodes(ben)).includes(annListed.code), 'Ben does not see Ann’s listing')
  t.notOk((await boardCodes(ann)).includes(benListed.code), 'nor Ann Ben’s')
  t.same((await boardCodes(cat)).filter((code: string) => [annListed.code, benListed.code].includes(code)).sort(), [annListed.code, benListed.code].sort(), 'Cat sees both')

  const unknownListing = await api(b.app, ben).post('/board/listings/999999/seats', { role: 'PATIENT' })
  const annSeat = await api(b.app, ben).post(`/board/listings/${annListed.listing.id}/seats`, { role: 'PATIENT' })
  t.same([annSeat.status, annSeat.json], [unknownListing.status, unknownListing.json], 'a seat on Ann’s listing is refused as an unknown listing is')
  t.same(annSeat.json, { error: SEAT_TAKEN })

  const byCode = await api(b.app, ben).post(`/sessions/${annListed.code}/join-with-role`, { role: 'patient' })
  t.same([byCode.status, byCode.json], [404, { error: 'Session not found' }], 'a join by code (or the invite link’s role page) is answered as a wrong code')
  t.equal((await api(b.app, ann).post(`/sessions/${benListed.code}/join-with-role`, { role: 'observer' })).status, 404, 'both ways')
  t.equal((await api(b.app, cat).post(`/sessions/${annListed.code}/join-with-role`, { role: 'patient' })).status, 200, 'Cat joins Ann’s session')

  // Ann books a seat in Dan's planned session (keeping her own room): Ben may not join it either, since someone
  // in it is blocked with him.
  const dan = await candidate('Dan Host')
  const danListed = await listedSession(b.app, dan, { startsAt: new Date(b.clock.now() + 3 * HOUR).toISOString() })
  t.equal((await api(b.app, ann).post(`/board/listings/${danListed.listing.id}/seats`, { role: 'PATIENT' })).status, 200)
  t.same((await api(b.app, ben).post(`/board/listings/${danListed.listing.id}/seats`, { role: 'OBSERVER' })).json, { error: SEAT_TAKEN }, 'nor a seat beside Ann')
  t.equal((await api(b.app, ben).post(`/sessions/${danListed.code}/join-with-role`, { role: 'observer' })).status, 404)

  t.notOk((await matchIds(ann)).includes(ben.id), 'Ben is not among Ann’s matches')
  t.notOk((await matchIds(ben)).includes(ann.id), 'nor Ann among Ben’s')
  t.ok((await matchIds(cat)).includes(ann.id) && (await matchIds(cat)).includes(ben.id), 'Cat still matches both')
  const unknownPerson = await api(b.app, ben).get('/partners/people/999999')
  for (const [viewer, other] of [[ben, ann], [ann, ben]] as const) {
    const profile = await api(b.app, viewer).get(`/partners/people/${other.id}`)
    t.same([profile.status, profile.json], [unknownPerson.status, unknownPerson.json], 'a profile answers as an unknown id does')
  }
  t.same(unknownPerson.json, { error: NO_SUCH_CANDIDATE })

  // Ben could not join, so the room's live topic is not his to hear; Cat, who joined, hears it.
  const benLive = stompClient(address, 'websocket', ben.token)
  t.teardown(() => benLive.client.deactivate())
  await benLive.connected.next(10_000)
  benLive.subscribe(annListed.code)
  t.equal((await benLive.errors.next(10_000)).headers.message, 'Access denied')
  const catLive = stompClient(address, 'websocket', cat.token)
  t.teardown(() => catLive.client.deactivate())
  await catLive.connected.next(10_000)
  await catLive.subscribe(annListed.code).ready
  t.same(catLive.errors.items, [])

  t.same((await api(b.app, ben).get('/blocks')).json, { blocked: [] }, 'Ben’s list says nothing of Ann’s block')
  t.equal((await api(b.app, ben).delete(`/blocks/${ann.id}`)).status, 404, 'Ben cannot lift Ann’s block')
  t.notOk((await boardCodes(ben)).includes(annListed.code))

  t.same((await api(b.app, ann).delete(`/blocks/${ben.id}`)).json, { message: 'Unblocked' })
  t.ok((await boardCodes(ben)).includes(annListed.code), 'after unblocking, Ben sees Ann’s listing again')
  t.ok((await matchIds(ann)).includes(ben.id), 'and they match again')
  t.equal((await api(b.app, ben).get(`/partners/people/${ann.id}`)).status, 200)
  t.equal((await api(b.app, ben).post(`/sessions/${annListed.code}/join-with-role`, { role: 'observer' })).status, 200, 'and Ben may join')
  t.equal((await api(b.app, ann).delete(`/blocks/${ben.id}`)).status, 404, 'a block lifted is gone')
})

t.test(`a block ends what was under way between the two: proposals, invitations, seats in planned sessions to come (${kind})`, async (t) => {
  const [ann, ben, cat] = [await candidate('Ann Planner'), await candidate('Ben Planner'), await candidate('Cat Planner')]
  const later = new Date(b.clock.now() + 5 * HOUR).toISOString()
  const annPlanned = await listedSession(b.app, ann, { startsAt: later })
  const benPlanned = await listedSession(b.app, ben, { startsAt: later })
  const catPlanned = await listedSession(b.app, cat, { startsAt: later })
  for (const [person, id] of [[ben, annPlanned.listing.id], [ann, benPlanned.listing.id], [ann, catPlanned.listing.id], [ben, catPlanned.listing.id]] as const) {
    t.equal((await api(b.app, person).post(`/board/listings/${id}/seats`, { role: person === ann ? 'PATIENT' : 'OBSERVER' })).status, 200)
  }
  const startsAt = new Date(b.clock.now() + 24 * HOUR)
  const proposals = await db
    .insertInto('time_proposals')
    .values([
      { from_user_id: ann.id, to_user_id: ben.id, starts_at: startsAt },
      { from_user_id: ben.id, to_user_id: ann.id, starts_at: startsAt },
      { from_user_id: ben.id, to_user_id: ann.id, starts_at: startsAt, status: 'DECLINED' },
      { from_user_id: ben.id, to_user_id: cat.id, starts_at: startsAt },
    ])
    .returning(['id', 'status'])
    .execute()
  await db.insertInto('partner_invitations').values([{ from_user_id: ben.id, to_user_id: ann.id, session_id: 1 }, { from_user_id: cat.id, to_user_id: ann.id, session_id: 1 }]).execute()

  t.equal((await api(b.app, ann).post('/blocks', { userId: ben.id })).status, 200)

  const statuses = await db.selectFrom('time_proposals').select(['id', 'status']).where('id', 'in', proposals.map((p) => p.id)).orderBy('id').execute()
  t.same(statuses.map((row) => row.status), ['WITHDRAWN', 'WITHDRAWN', 'DECLINED', 'PENDING'], 'their pending proposals are withdrawn; Cat’s stays')
  const invitations = await db.selectFrom('partner_invitations').select('from_user_id').where('to_user_id', '=', ann.id).execute()
  t.same(invitations.map((row) => Number(row.from_user_id)), [cat.id], 'Ben’s invitation is gone')

  const seated = async (code: string) => (await api(b.app, cat).get(`/sessions/${code}`)).json
  const inSession = async (code: string, person: User) => {
    const row = await db.selectFrom('session_participants as p').innerJoin('sessions as s', 's.id', 'p.session_id').select('p.active').where('s.code', '=', code).where('p.user_id', '=', person.id).executeTakeFirst()
    return row?.active ?? false
  }
  t.notOk(await inSession(annPlanned.code, ben), 'Ben left Ann’s planned session')
  t.notOk(await inSession(benPlanned.code, ann), 'Ann left Ben’s')
  t.ok((await inSession(catPlanned.code, ann)) && (await inSession(catPlanned.code, ben)), 'Cat’s session keeps both: neither hosts it')
  t.ok(await seated(annPlanned.code), 'Ann’s planned session goes on without Ben')
  t.same((await api(b.app, ann).get('/blocks')).json.blocked.map((person: { userId: number; name: string }) => [person.userId, person.name]), [[ben.id, 'Ben Planner']])
})

t.test(`who may be blocked, and what the list shows (${kind})`, async (t) => {
  const [ann, ben] = [await candidate('Ann Lister'), await candidate('Ben Listed')]
  const self = await api(b.app, ann).post('/blocks', { userId: ann.id })
  t.same([self.status, self.json.error, self.json.validationErrors], [400, 'You cannot block yourself', { userId: 'You cannot block yourself' }])
  t.same((await api(b.app, ann).post('/blocks', { userId: 999999 })).json, { error: NO_SUCH_CANDIDATE })
  const wrong = await api(b.app, ann).post('/blocks', { userId: 'ben' })
  t.same([wrong.status, wrong.json.validationErrors], [400, { userId: 'userId must be the id of a candidate' }])
  t.equal((await api(b.app, ann).delete('/blocks/abc')).status, 400)
  t.equal((await api(b.app, ann).delete(`/blocks/${ben.id}`)).status, 404, 'nothing to lift')
  t.equal((await b.app.app.inject({ method: 'GET', url: '/api/blocks' })).statusCode, 401)

  await api(b.app, ann).post('/blocks', { userId: ben.id })
  const list = (await api(b.app, ann).get('/blocks')).json
  t.match(list, { blocked: [{ userId: ben.id, name: 'Ben Listed', blockedAt: new Date(b.clock.now()).toISOString() }] })
  t.notOk(JSON.stringify(list).includes(ben.email), 'never an email')
  t.same(Object.keys(list.blocked[0]).sort(), ['blockedAt', 'name', 'userId'])

  // To Ben, who never met Ann, she is now as unknown as any id: nothing says she blocked him.
  const unknownId = await api(b.app, ben).post('/blocks', { userId: 999999 })
  const blockedBack = await api(b.app, ben).post('/blocks', { userId: ann.id })
  t.same([blockedBack.status, blockedBack.json], [unknownId.status, unknownId.json], 'blocking her back answers as an unknown id')
  // Had they met (a time proposed, here), he may block her back, and hears what anyone hears.
  await db.insertInto('time_proposals').values({ from_user_id: ann.id, to_user_id: ben.id, starts_at: new Date(b.clock.now() + 24 * HOUR), status: 'DECLINED' }).execute()
  const back = await api(b.app, ben).post('/blocks', { userId: ann.id })
  t.same([back.status, back.json.message], [200, 'Ann Lister is blocked. You will not see each other on Find Partners, and they are not told.'])
  await api(b.app, ann).delete(`/blocks/${ben.id}`)
  const annListed = await listedSession(b.app, ann)
  t.notOk((await boardCodes(ben)).includes(annListed.code), 'Ben’s own block still hides Ann once she lifts hers')

  const exported = (await api(b.app, ben).get('/auth/my-data')).json
  t.match(exported.blocks, [{ blockedName: 'Ann Lister' }], 'the export holds the blocks one made')
  t.same((await api(b.app, ann).get('/auth/my-data')).json.blocks, [], 'and never those made about one')
})

t.test(`an id names nobody the blocker could not know: hidden or suspended strangers answer as unknown ids; people met may be blocked (${kind})`, async (t) => {
  const ann = await candidate('Ann Prober')
  const hidden = await candidate('Hidden Stranger')
  const saved = await api(b.app, hidden).put('/profile/partners', { examMonth: '2027-03', timeZone: 'Europe/London', hiddenFromBoard: true })
  t.equal(saved.status, 200)
  const suspended = await candidate('Suspended Stranger')
  await db.updateTable('users').set({ suspended_at: new Date(b.clock.now()) }).where('id', '=', suspended.id).execute()
  const unknown = await api(b.app, ann).post('/blocks', { userId: 999999 })
  for (const [who, person] of [['a hidden account', hidden], ['a suspended account', suspended]] as const) {
    const probe = await api(b.app, ann).post('/blocks', { userId: person.id })
    t.same([probe.status, probe.json], [unknown.status, unknown.json], `${who} never met answers as an unknown id, without its name`)
  }
  t.same((await api(b.app, ann).get('/blocks')).json, { blocked: [] })

  // Once they have been in a session together, the hidden one is someone Ann met, and may be blocked.
  const { code } = await listedSession(b.app, ann)
  t.equal((await api(b.app, hidden).post(`/sessions/${code}/join-with-role`, { role: 'patient' })).status, 200)
  const met = await api(b.app, ann).post('/blocks', { userId: hidden.id })
  t.same([met.status, met.json.message], [200, 'Hidden Stranger is blocked. You will not see each other on Find Partners, and they are not told.'])
  t.same((await api(b.app, ann).get('/blocks')).json.blocked.map((person: { name: string }) => person.name), ['Hidden Stranger'])
})
