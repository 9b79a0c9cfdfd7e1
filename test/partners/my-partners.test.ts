import t from 'tap'
import { NO_SUCH_PARTNER } from '../../schemas/partners/my-partners.ts'
import { call, signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom, scores, skipToFeedback, type User } from '../sessions/helpers.ts'
import { api, boardApp, HOUR } from '../board/helpers.ts'

/**
 * My partners (issue 36) over HTTP: the people met in a played round, removing one, practising again (a new
 * session and a mail with its invite link), the invitations, and who is never a partner (strangers, blocks,
 * suspended accounts), with the export and deletion of what it stores.
 */

const kind = databaseKind()
const b = await boardApp()
t.teardown(() => b.close())
const { app, clock, smtp } = b
const { db } = app.database

function ok<R extends { status: number; json: any }>(response: R): R {
  if (response.status !== 200) throw new Error(`setup step failed: ${response.status} ${JSON.stringify(response.json)}`)
  return response
}

interface Shown {
  userId: number
  name: string
  stationsTogether: number
  lastPractisedAt: string
}
const partnersOf = async (person: User) => ok(await api(app, person).get('/partners/mine')).json.partners as Shown[]
const namesOf = async (person: User) => (await partnersOf(person)).map((partner) => `${partner.name} ${partner.stationsTogether}`)

// Round 1: Dora the doctor, Pat the patient, Olly the observer; both scorers ask for a new case with roles swapped.
const room = await readyRoom(app)
const { doctor: dora, patient: pat, observer: olly, code } = room
const [asDora, asPat, asOlly] = [dora, pat, olly].map((person) => as(app, person))
ok(await asDora.post(`/sessions/${code}/start`))
await skipToFeedback(asDora, code)
const roundOneAt = clock.now()
ok(await asOlly.post('/feedback/submit', { sessionCode: code, comment: 'Well done', criteriaScores: scores() }))
ok(await asPat.post('/feedback/submit', { sessionCode: code, comment: 'Good history', criteriaScores: scores(), requestNewCase: true, requestRoleChange: true }))
const stranger = await signedInUser(app, { name: 'Stan Stranger' })

t.test(`after a played round, each person's partners are the others in it: names, stations, the date, never an email (${kind})`, async (t) => {
  const mine = await api(app, dora).get('/partners/mine')
  t.equal(mine.status, 200)
  t.same(
    mine.json.partners.map((partner: Shown) => [partner.name, partner.stationsTogether, partner.lastPractisedAt]),
    [
      ['Pat Patient', 1, new Date(roundOneAt).toISOString()],
      ['Olly Observer', 1, new Date(roundOneAt).toISOString()],
    ],
  )
  t.same(Object.keys(mine.json.partners[0]).sort(), ['examMonth', 'lastPractisedAt', 'name', 'reliability', 'stationsTogether', 'userId'])
  t.same(mine.json.partners[0].reliability, { kept: 0, planned: 0 })
  t.notMatch(JSON.stringify(mine.json), /@example\.com/, 'no address anywhere')
  t.same(await namesOf(olly), ['Dora Doctor 1', 'Pat Patient 1'], 'two scorers of one round practised together too')
  t.same(await partnersOf(stranger), [], 'someone who practised with nobody has no partners')
  t.equal((await call(app.app, { method: 'GET', url: '/api/partners/mine' })).status, 401, 'signed in only')
})

t.test(`removing a partner takes them off my list only, until we practise together again (${kind})`, async (t) => {
  const removed = await api(app, dora).delete(`/partners/mine/${olly.id}`)
  t.same([removed.status, removed.json.message], [200, 'Olly Observer is no longer in your partners'])
  t.same(await namesOf(dora), ['Pat Patient 1'])
  t.same(await namesOf(olly), ['Dora Doctor 1', 'Pat Patient 1'], 'they are not told, and keep me on theirs')
  t.match(await api(app, dora).delete(`/partners/mine/${olly.id}`), { status: 404, json: { error: NO_SUCH_PARTNER } }, 'no longer a partner to remove')

  // Round 2, a minute later: Pat is the doctor, Dora the patient, Olly still observes.
  await clock.advance(60_000)
  ok(await asPat.post(`/sessions/${code}/start`))
  await skipToFeedback(asPat, code)
  ok(await asDora.post('/feedback/submit', { sessionCode: code, comment: 'Clear plan', criteriaScores: scores() }))
  ok(await asOlly.post('/feedback/submit', { sessionCode: code, comment: 'Kind', criteriaScores: scores() }))
  t.same(await namesOf(dora), ['Pat Patient 2', 'Olly Observer 2'], 'practised with again after the removal: back, both rounds counted')
})

const xena = await signedInUser(app, { name: 'Xena Host' })
let later = ''

t.test(`the people practised with most recently come first (${kind})`, async (t) => {
  await clock.advance(HOUR)
  const created = ok(await as(app, xena).post('/sessions', { title: 'Later practice', selectedTopics: ['Neurology'] }))
  later = created.json.sessionCode
  ok(await as(app, xena).post(`/sessions/${later}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Neurology'] }))
  ok(await asDora.post(`/sessions/${later}/join-with-role`, { role: 'patient' }))
  ok(await as(app, xena).post(`/sessions/${later}/start`))
  await skipToFeedback(as(app, xena), later)
  ok(await asDora.post('/feedback/submit', { sessionCode: later, comment: 'Fine', criteriaScores: scores() }))
  t.same(await namesOf(dora), ['Xena Host 1', 'Pat Patient 2', 'Olly Observer 2'])
})

t.test(`practise again: a new session of mine on our last settings, the partner invited by mail and on their page (${kind})`, async (t) => {
  const again = await api(app, dora).post(`/partners/mine/${pat.id}/practise-again`)
  t.equal(again.status, 200)
  t.same(Object.keys(again.json).sort(), ['message', 'sessionCode'])
  const practice: string = again.json.sessionCode
  t.match(again.json.message, /Pat Patient is invited/)

  const mail = await smtp.waitFor(pat.email)
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  t.match(text, /Subject: Dora Doctor invites you to practise again/)
  t.match(text, `http://plab.test/session/${practice}/role`, 'the invite link: the role page')
  t.notMatch(text, dora.email, "the host's address is not in it")

  const session = ok(await api(app, dora).get(`/sessions/${practice}`)).json
  t.match(session, { title: 'Practice with Pat Patient', status: 'CREATED', isHost: true, userRole: 'DOCTOR' }, 'hosted by me')
  t.match(session, { selectedTopics: '["Cardiology"]', readingTime: 2, consultationTime: 8 }, 'on the settings of the session we last practised in')
  const stillThere = ok(await api(app, xena).get(`/sessions/${later}`)).json.participants
  t.ok(stillThere.some((p: { userId: number }) => p.userId === dora.id), 'the room I was in is kept')

  const invitations = ok(await api(app, pat).get('/partners/invitations')).json.invitations
  t.match(invitations, [{ fromName: 'Dora Doctor', fromUserId: dora.id, sessionCode: practice }], 'the sender named, and known by id so they can be blocked or reported from it')
  t.same(Object.keys(invitations[0]).sort(), ['createdAt', 'fromName', 'fromUserId', 'id', 'sessionCode'])
  t.same(ok(await api(app, olly).get('/partners/invitations')).json.invitations, [], 'only the person invited sees it')
  ok(await api(app, pat).post(`/sessions/${practice}/join-with-role`, { role: 'patient' }))
  ok(await api(app, dora).post(`/sessions/${practice}/end`))
  t.same(ok(await api(app, pat).get('/partners/invitations')).json.invitations, [], 'an ended session is no longer an invitation')
})

t.test(`anyone who is not my partner is a 404, whatever the route (${kind})`, async (t) => {
  for (const [who, id] of [
    ['a stranger', stranger.id],
    ['myself', dora.id],
    ['nobody', 987654],
  ] as const) {
    t.match(await api(app, dora).post(`/partners/mine/${id}/practise-again`), { status: 404, json: { error: NO_SUCH_PARTNER } }, `practise again with ${who}`)
    t.match(await api(app, dora).delete(`/partners/mine/${id}`), { status: 404, json: { error: NO_SUCH_PARTNER } }, `remove ${who}`)
  }
  t.match(await api(app, dora).delete('/partners/mine/abc'), { status: 400, json: { validationErrors: { userId: 'The userId must be a positive whole number' } } })
  t.same(smtp.received.filter((mail) => mail.to.includes(stranger.email)), [], 'no mail to a stranger')
})

t.test(`a block either way, or a suspension, hides a partner and their invitations from the other (${kind})`, async (t) => {
  const again = ok(await api(app, dora).post(`/partners/mine/${pat.id}/practise-again`))
  t.equal(ok(await api(app, pat).get('/partners/invitations')).json.invitations[0].sessionCode, again.json.sessionCode)

  await db.insertInto('user_blocks').values({ blocker_id: pat.id, blocked_id: dora.id }).execute()
  t.notOk((await namesOf(dora)).some((name) => name.startsWith('Pat')), 'the blocked one no longer sees who blocked them')
  t.notOk((await namesOf(pat)).some((name) => name.startsWith('Dora')), 'nor the other way')
  t.same(ok(await api(app, pat).get('/partners/invitations')).json.invitations, [], "the blocked one's invitation is hidden")
  t.match(await api(app, dora).post(`/partners/mine/${pat.id}/practise-again`), { status: 404, json: { error: NO_SUCH_PARTNER } }, 'told what a stranger is told')
  await db.deleteFrom('user_blocks').execute()
  t.ok((await namesOf(dora)).some((name) => name.startsWith('Pat')), 'the block lifted, the partner is back')

  await db.updateTable('users').set({ suspended_at: new Date(clock.now()), suspended_until: new Date(clock.now() + HOUR) }).where('id', '=', olly.id).execute()
  t.notOk((await namesOf(dora)).some((name) => name.startsWith('Olly')), 'a suspended account is nobody\'s partner')
  t.match(await api(app, dora).delete(`/partners/mine/${olly.id}`), { status: 404, json: { error: NO_SUCH_PARTNER } })
  await clock.advance(HOUR)
  t.ok((await namesOf(dora)).some((name) => name.startsWith('Olly')), 'the suspension over, they are back')
})

t.test(`the export holds my removals and invitations by name; deleting an account takes its invitations and removals (${kind})`, async (t) => {
  const data = ok(await api(app, dora).get('/auth/my-data')).json
  t.match(data.partnersRemoved, [{ partnerName: 'Olly Observer' }])
  t.match(data.partnerInvitations, [{ direction: 'SENT', otherName: 'Pat Patient' }, { direction: 'SENT', otherName: 'Pat Patient' }])
  t.same(data.plannedAttendance, [])
  t.same(ok(await api(app, olly).get('/auth/my-data')).json.partnersRemoved, [], "someone else's removal of me is theirs, not in my export")
  for (const other of [pat.email, olly.email]) t.notOk(JSON.stringify(data).includes(other), `no ${other}`)

  ok(await api(app, pat).post('/auth/delete-account', { currentPassword: pat.password }))
  const left = await db.selectFrom('partner_invitations').select('id').where((eb) => eb.or([eb('from_user_id', '=', pat.id), eb('to_user_id', '=', pat.id)])).execute()
  t.same(left, [], 'the invitations to the deleted account are gone')
  ok(await api(app, olly).post('/auth/delete-account', { currentPassword: olly.password }))
  t.same(await db.selectFrom('partner_removals').selectAll().where('partner_id', '=', olly.id).execute(), [], 'so is the removal naming them')
  t.same(await namesOf(dora), ['Xena Host 1'], 'and they are nobody\'s partners')
})

t.test(`an invitation to a session with someone in it blocked either way with me is not listed (${kind})`, async (t) => {
  const practice: string = ok(await api(app, dora).post(`/partners/mine/${xena.id}/practise-again`)).json.sessionCode
  const zed = await signedInUser(app, { name: 'Zed Seated' })
  ok(await api(app, zed).post(`/sessions/${practice}/join-with-role`, { role: 'observer' }))
  const invitedTo = async () => (ok(await api(app, xena).get('/partners/invitations')).json.invitations as Array<{ sessionCode: string }>).map((item) => item.sessionCode)
  t.same(await invitedTo(), [practice], 'listed while nobody in it is blocked with Xena')
  ok(await api(app, zed).post('/blocks', { userId: xena.id }))
  t.same(await invitedTo(), [], 'not listed once someone seated in it blocked her, nor told why')
  t.equal((await api(app, xena).get(`/sessions/${practice}`)).status, 404, 'as its code answers her: a wrong code')
  ok(await api(app, zed).delete(`/blocks/${xena.id}`))
  t.same(await invitedTo(), [practice], 'the block lifted, it is listed again')
})
