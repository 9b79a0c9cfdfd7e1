import t from 'tap'
import { sql } from 'kysely'
import { activeSessionCountForCase } from '../../server/content/cases-repo.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { as, readyRoom, scores, SECRETS, seedBank } from './helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })
const room = await readyRoom(app)
const stranger = await signedInUser(app, { name: 'Sam Stranger' })

t.test(`someone with the code sees the lobby, never the case; unknown codes are 404 with a JSON error (${databaseKind()})`, async (t) => {
  const running = await readyRoom(app)
  await as(app, running.doctor).post(`/sessions/${running.code}/start`)
  const lobby = await as(app, stranger).get(`/sessions/${running.code}`)
  t.equal(lobby.status, 200, 'the role page reads the session before joining')
  t.match(lobby.json, { code: running.code, title: 'Practice', userRole: null, isHost: false, selectedCase: null, phase: 'READING' })
  t.same(lobby.json.participants.map((p: { role: string }) => p.role), ['doctor', 'patient', 'observer'])
  for (const secret of SECRETS) t.notOk(JSON.stringify(lobby.json).includes(secret), `no ${secret} for someone not in the room`)
  const member = await as(app, running.patient).get(`/sessions/${running.code}`)
  t.ok(member.json.selectedCase, 'a participant gets the case')
  const unknown = await as(app, stranger).get('/sessions/ABCD-EFGH')
  t.same([unknown.status, unknown.json], [404, { error: 'Session not found' }])
  t.equal((await as(app, stranger).get('/sessions/not-a-code')).status, 404)
  t.equal((await as(app, stranger).get(`/sessions/${room.code}/observer-feedback-status`)).status, 403)
  t.equal((await app.app.inject({ method: 'GET', url: `/api/sessions/${room.code}` })).statusCode, 401)
  const typed = await as(app, room.patient).get(`/sessions/${room.code.toLowerCase().replace('-', '')}`)
  t.equal(typed.json.code, room.code, 'codes are read in any case, with or without the dash')
})

t.test('joining: a bad code and an ended session get the spec message', async (t) => {
  const bad = await as(app, stranger).post('/sessions/join', { code: '000000' })
  t.same([bad.status, bad.json.error], [404, 'Invalid session code or session is full'])
  const empty = await as(app, stranger).post('/sessions/join', { code: '' })
  t.same([empty.status, empty.json.error], [400, 'Please enter a session code'])
  const ended = await readyRoom(app)
  await as(app, ended.doctor).post(`/sessions/${ended.code}/end`)
  const late = await as(app, stranger).post('/sessions/join', { code: ended.code })
  t.same([late.status, late.json.error], [409, 'Invalid session code or session is full'])
  t.equal((await as(app, stranger).post(`/sessions/${ended.code}/join-with-role`, { role: 'observer' })).status, 409)
})

t.test('commands check who may do what: controls are the doctor\'s, and refusals store nothing', async (t) => {
  const { id } = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
  const before = (await readStream(app.database.db, id)).length
  for (const path of ['start', 'skip-phase', 'new-case', 'end']) {
    t.equal((await as(app, room.observer).post(`/sessions/${room.code}/${path}`)).status, 403, `observer cannot ${path}`)
    t.equal((await as(app, stranger).post(`/sessions/${room.code}/${path}`)).status, 403, `stranger cannot ${path}`)
  }
  t.equal((await as(app, stranger).post(`/sessions/${room.code}/configure`, { selectedTopics: ['Random'] })).status, 403)
  t.equal((await as(app, room.patient).post(`/sessions/${room.code}/join-with-role`, { role: 'doctor' })).status, 409)
  t.equal((await as(app, stranger).post(`/sessions/${room.code}/join-with-role`, { role: 'doctor' })).status, 403)
  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`)).status, 409, 'nothing to skip while waiting')
  t.same((await as(app, stranger).post(`/sessions/${room.code}/leave`)).json, { message: 'Successfully left session' })
  // The spec's client sends /complete with a JSON content type and no body at all.
  const bare = await app.app.inject({ method: 'POST', url: `/api/sessions/${room.code}/complete`, headers: { ...room.observer.auth, 'content-type': 'application/json' } })
  t.same([bare.statusCode, bare.json().error], [409, 'You can only complete the session during the feedback phase'])
  const broken = await app.app.inject({ method: 'POST', url: `/api/sessions/${room.code}/start`, headers: { ...room.doctor.auth, 'content-type': 'application/json' }, payload: '{' })
  t.equal(broken.statusCode, 400)
  t.equal((await readStream(app.database.db, id)).length, before)
})

t.test('racing commands: one patient seat, one feedback per giver, versions stay contiguous', async (t) => {
  const users = await Promise.all([1, 2, 3].map((n) => signedInUser(app, { name: `Racer ${n}` })))
  const created = await as(app, users[0]).post('/sessions', { title: 'Race', selectedTopics: ['Cardiology'] })
  const code = created.json.sessionCode
  await as(app, users[0]).post(`/sessions/${code}/configure`, { selectedTopics: ['Cardiology'] })
  const seats = await Promise.all(users.slice(1).map((user) => as(app, user).post(`/sessions/${code}/join-with-role`, { role: 'patient' })))
  t.same(seats.map((r) => r.status).sort(), [200, 409])
  const loser = users[seats.findIndex((r) => r.status === 409) + 1]
  await as(app, loser).post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  await as(app, users[0]).post(`/sessions/${code}/start`)
  await as(app, users[0]).post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await as(app, users[0]).post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  const body = { sessionCode: code, comment: 'twice', criteriaScores: scores() }
  const twice = await Promise.all([as(app, loser).post('/feedback/submit', body), as(app, loser).post('/feedback/submit', body)])
  t.same(twice.map((r) => r.status).sort(), [200, 409])
  const log = await readStream(app.database.db, created.json.session.id)
  t.same(log.map((e) => e.version), log.map((_, index) => index + 1))
  t.equal(log.filter((e) => e.type === 'FeedbackSubmitted').length, 1)
})

t.test('a session asks for the spec\'s timings', async (t) => {
  const odd = await as(app, stranger).post('/sessions', { title: 'Odd', readingTime: 4 })
  t.same([odd.status, odd.json.error], [400, 'Reading time must be one of 1, 1.5, 2, 3 or 5 minutes'])
  const untitled = await as(app, stranger).post('/sessions', { title: '   ' })
  t.same([untitled.status, untitled.json.error], [400, 'Please enter a session title'])
})

t.test('an Idempotency-Key makes a retried command answer the first result, stored once', async (t) => {
  const other = await readyRoom(app)
  const { id } = (await as(app, other.doctor).get(`/sessions/${other.code}`)).json
  const headers = { 'idempotency-key': 'start-1' }
  const first = await as(app, other.doctor).post(`/sessions/${other.code}/start`, {}, headers)
  const retry = await as(app, other.doctor).post(`/sessions/${other.code}/start`, {}, headers)
  t.same([first.status, retry.status], [200, 200])
  t.equal((await as(app, other.doctor).post(`/sessions/${other.code}/start`)).status, 409, 'without the key it is a second start')
  const starts = (await readStream(app.database.db, id)).filter((e) => e.type === 'PhaseStarted')
  t.equal(starts.length, 1)
  t.equal((await as(app, other.doctor).post(`/sessions/${other.code}/start`, {}, { 'idempotency-key': 'no spaces allowed' })).status, 400)
})

t.test('creating or joining a session leaves the other running ones', async (t) => {
  const first = await readyRoom(app)
  const before = (await as(app, first.observer).get('/sessions/user/active')).json
  t.same(before.map((s: { otherParticipants: string[] }) => s.otherParticipants), [['Dora Doctor', 'Pat Patient']], 'whom leaving would affect, by name')
  t.notOk(JSON.stringify(before).includes('@'), 'never their emails')
  const created = await as(app, first.observer).post('/sessions', { title: 'My own' })
  t.equal(created.json.leftFromSessions, 1)
  const inFirst = (await as(app, first.doctor).get(`/sessions/${first.code}`)).json.participants
  t.same(inFirst.map((p: { role: string }) => p.role), ['doctor', 'patient'])
  const mine = (await as(app, first.observer).get('/sessions/user/active')).json
  t.same(mine.map((s: { code: string; userRole: string; isHost: boolean; participantCount: number }) => [s.code, s.userRole, s.isHost, s.participantCount]), [
    [created.json.sessionCode, 'DOCTOR', true, 1],
  ])
  t.same(mine[0].otherParticipants, [], 'alone in the new session')
  const joined = await as(app, first.patient).post(`/sessions/${created.json.sessionCode}/join-with-role`, { role: 'observer' })
  t.same([joined.json.userRole, joined.json.isHost, joined.json.leftFromSessions], ['OBSERVER', false, 1])
  const ended = (await as(app, first.doctor).get(`/sessions/${first.code}`)).json
  t.equal(ended.status, 'COMPLETED', 'one participant left: not enough to go on')
})

t.test('a case played by a running session cannot be deleted', async (t) => {
  const running = await readyRoom(app)
  const { selectedCase } = (await as(app, running.patient).get(`/sessions/${running.code}`)).json
  const playing = await activeSessionCountForCase(app.database.db, selectedCase.id)
  t.ok(playing >= 1)
  await t.rejects(sql`delete from cases where id = ${selectedCase.id}`.execute(app.database.db), /used by an active session/)
  const admin = await signedInUser(app, { role: 'ADMIN' })
  const refused = await call(app.app, { method: 'DELETE', url: `/api/cases/${selectedCase.id}`, headers: admin.auth })
  t.same([refused.status, refused.json.activeSessionCount], [409, playing])
  t.match(refused.json.error, /being played in a running session/)
  await as(app, running.doctor).post(`/sessions/${running.code}/end`)
  t.equal(await activeSessionCountForCase(app.database.db, selectedCase.id), playing - 1, 'an ended session no longer holds its case')
})

t.test('the admin timeline lists the log with actors and phases; admins only', async (t) => {
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ann Admin' })
  t.equal((await as(app, room.doctor).get(`/admin/sessions/${room.code}/timeline`)).status, 403)
  const timeline = await as(app, admin).get(`/admin/sessions/${room.code}/timeline`)
  t.equal(timeline.status, 200)
  const entries = timeline.json.entries
  t.same(entries.slice(0, 3).map((e: { version: number; type: string; phaseAfter: string }) => [e.version, e.type, e.phaseAfter]), [
    [1, 'SessionCreated', 'WAITING'],
    [2, 'ParticipantJoined', 'WAITING'],
    [3, 'SessionConfigured', 'WAITING'],
  ])
  t.same(entries[0].actor, { id: room.doctor.id, name: 'Dora Doctor' })
  t.match(entries[1].payload, { userId: room.doctor.id, role: 'DOCTOR' })
  t.equal((await as(app, admin).get('/admin/sessions/ZZZZ-ZZZZ/timeline')).status, 404)
})

t.test('looking up and joining by code are rate limited per user', async (t) => {
  const limited = await testApp({ rateLimits: true })
  t.teardown(() => limited.close())
  const guesser = await signedInUser(limited)
  const answers: number[] = []
  for (let i = 0; i < 11; i += 1) answers.push((await as(limited, guesser).post('/sessions/join', { code: `ABCD-EFG${'23456789AB'[i]}` })).status)
  t.same(answers.slice(0, 10), Array(10).fill(404))
  t.equal(answers[10], 429)
  t.equal((await as(limited, await signedInUser(limited)).post('/sessions/join', { code: 'ABCD-EFGH' })).status, 404, 'another user is not limited')
  const joins: number[] = []
  for (let i = 0; i < 11; i += 1) joins.push((await as(limited, guesser).post(`/sessions/ABCD-EFG${'23456789AB'[i]}/join-with-role`, { role: 'observer' })).status)
  t.same([joins.slice(0, 10), joins[10]], [Array(10).fill(404), 429], 'join-with-role is limited too')
  t.equal((await as(limited, guesser).get('/sessions/ABCD-EFGH')).status, 404)

  await seedBank(limited.database.db, { Cardiology: 1 })
  const real = await readyRoom(limited)
  const reads: number[] = []
  for (let i = 0; i < 121; i += 1) reads.push((await as(limited, real.patient).get(`/sessions/${real.code}`)).status)
  t.same([reads[119], reads[120]], [200, 429], 'reading by code: 120 a minute, enough for the role page polling every 2 s')
})

t.test('wrong codes are counted over every route that takes one: 30 a minute, then even a right code waits', async (t) => {
  const limited = await testApp({ rateLimits: true })
  t.teardown(() => limited.close())
  await seedBank(limited.database.db, { Cardiology: 1 })
  const real = await readyRoom(limited)
  const guesser = await signedInUser(limited)
  const guess = (i: number) => `ABCD-${'23456789ABCDEFGHJKMNPQRSTUVWXYZ'[i]}XYZ`
  const tries = [
    (code: string) => as(limited, guesser).post(`/sessions/${code}/start`),
    (code: string) => as(limited, guesser).post(`/sessions/${code}/leave`),
    (code: string) => as(limited, guesser).get(`/sessions/${code}/observer-feedback-status`),
    (code: string) => as(limited, guesser).post('/feedback/submit', { sessionCode: code, comment: '', criteriaScores: scores() }),
    (code: string) => as(limited, guesser).post(`/sessions/${code}/skip-phase`),
  ]
  const statuses: number[] = []
  for (let i = 0; i < 30; i += 1) statuses.push((await tries[i % tries.length](guess(i))).status)
  t.same(statuses, Array(30).fill(404))
  const refused = await as(limited, guesser).post(`/sessions/${real.code}/leave`)
  t.equal(refused.status, 429, 'a right code tried after 30 wrong ones is not told apart from a wrong one')
  t.match(refused.json.error, /^Too many wrong session codes\. Please wait \d+ seconds and try again\.$/)
  t.ok(Number(refused.headers['retry-after']) > 0, 'Retry-After says how long')
  t.equal((await as(limited, real.observer).get(`/sessions/${real.code}/observer-feedback-status`)).status, 200, 'other users are not slowed down')
})

t.test('the doctor reads feedback on a case only once its round is over: no title or mark scheme mid-feedback', async (t) => {
  const scored = await readyRoom(app)
  const doctor = as(app, scored.doctor)
  await doctor.post(`/sessions/${scored.code}/start`)
  await doctor.post(`/sessions/${scored.code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${scored.code}/skip-phase`, { phase: 'CONSULTATION' })
  const given = await as(app, scored.patient).post('/feedback/submit', { sessionCode: scored.code, comment: 'ok', criteriaScores: scores(), requestNewCase: false })
  t.equal(given.status, 200)
  const midRound = await doctor.get('/feedback/received')
  for (const secret of SECRETS) t.notOk(JSON.stringify(midRound.json).includes(secret), `no ${secret} while the round is scored`)
  await doctor.post(`/sessions/${scored.code}/end`)
  const after = (await doctor.get('/feedback/received')).json
  t.equal(after.length, 1)
  t.match(after[0], { sessionCode: scored.code, fromUser: 'Pat Patient', fromUserRole: 'patient', caseTitle: /TITLE-SECRET/ })
  t.equal(after[0].fromUserEmail, null, "the giver's email is not given to the doctor")
  t.notOk(JSON.stringify(after).includes(scored.patient.email))
})

t.test('ending a session before anyone scored its case reveals nothing of that case to the doctor', async (t) => {
  for (const skips of [0, 2]) {
    const unplayed = await readyRoom(app)
    const doctor = as(app, unplayed.doctor)
    await doctor.post(`/sessions/${unplayed.code}/start`)
    for (const phase of ['READING', 'CONSULTATION'].slice(0, skips)) await doctor.post(`/sessions/${unplayed.code}/skip-phase`, { phase })
    await doctor.post(`/sessions/${unplayed.code}/end`)
    const ended = await doctor.get(`/sessions/${unplayed.code}`)
    t.equal(ended.json.phase, 'COMPLETED')
    t.ok(ended.json.selectedCase?.doctorNotes, 'the doctor still has their own notes')
    for (const secret of SECRETS) t.notOk(JSON.stringify(ended.json).includes(secret), `no ${secret} after ${skips} skips: nobody scored the case`)
  }
})
