import t from 'tap'
import { roundsPlayed } from '../../schemas/session/rounds-played.ts'
import { FEEDBACK_TIMEOUT_SECONDS } from '../../schemas/session/types.ts'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { as, editCase, scores, seedBank, threeUsers } from '../sessions/helpers.ts'

/**
 * Issue 37's printable summary of one round: a session played through two rounds on the manual clock (a reading
 * that runs out by itself, skips, feedback with the exam's marks, a seat rotation), then each round's summary
 * read back: the case version played, who sat where, each phase's deadline against its end, the feedback.
 */

const clock = manualClock()
const app = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(() => app.close())
const db = app.database.db
const bank = await seedBank(db, { Cardiology: 3 })
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ann Admin' })
const { doctor, patient, observer } = await threeUsers(app)

const get = (url: string, headers: Record<string, string> = admin.auth) => call(app.app, { method: 'GET', url: `/api${url}`, headers })
const iso = (at: number) => new Date(at).toISOString()
const MINUTE = 60_000

async function post(user: typeof doctor, url: string, body?: object) {
  const answer = await as(app, user).post(url, body)
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.json)}`)
  return answer
}

// Round 1: Dora doctor, Pat patient, Olly observer; reading 2 minutes, consultation 8.
const code: string = (await post(doctor, '/sessions', { title: 'Dispute', selectedTopics: ['Cardiology'] })).json.sessionCode
await post(doctor, `/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
await post(patient, `/sessions/${code}/join-with-role`, { role: 'patient' })
await post(observer, `/sessions/${code}/join-with-role`, { role: 'observer' })
const round1 = clock.now()
await post(doctor, `/sessions/${code}/start`)
const assigned = async (round: number) => {
  const entries = (await get(`/admin/sessions/${code}/timeline`)).json.entries as Array<{ type: string; payload: { round?: number; caseId?: number } }>
  return entries.filter((e) => e.type === 'CaseAssigned' && e.payload.round === round).at(-1)!.payload.caseId!
}
const firstCase = await assigned(1)
// Edited mid-round: the room plays the version it drew (issue 35), and so does the summary.
await editCase(db, firstCase, { title: 'EDITED TITLE' })
await clock.armedAt(round1 + 2 * MINUTE)
await clock.advance(2 * MINUTE)
await clock.advance(3 * MINUTE)
await post(doctor, `/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
await clock.advance(30_000)
await post(observer, '/feedback/submit', { sessionCode: code, comment: 'Clear history', criteriaScores: scores(), globalJudgement: 'BORDERLINE', feedbackAreas: ['RAPPORT'] })
await clock.advance(30_000)
await post(patient, '/feedback/submit', { sessionCode: code, comment: 'Kind', criteriaScores: scores(2, 1), requestSeatRotation: true })
// Round 2 is open but waits for its doctor: not played yet.
const waiting = await get(`/admin/sessions/${code}/rounds/2/summary`)
const playedWhileWaiting = roundsPlayed((await get(`/admin/sessions/${code}/timeline`)).json.entries)

// Round 2: the seats rotated (Pat doctor, Olly patient, Dora observer).
await clock.advance(20_000)
const round2 = clock.now()
await post(patient, `/sessions/${code}/start`)
await clock.advance(10_000)
await post(patient, `/sessions/${code}/skip-phase`, { phase: 'READING' })
await clock.advance(MINUTE)
await post(patient, `/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
await post(observer, '/feedback/submit', { sessionCode: code, comment: 'Good', criteriaScores: scores() })
await post(doctor, '/feedback/submit', { sessionCode: code, comment: 'Fine', criteriaScores: scores(1, 1) })
await clock.advance(15_000)
await post(patient, `/sessions/${code}/end`)

const titleOf = (caseId: number) => `TITLE-SECRET Cardiology ${bank.indexOf(caseId) + 1}`
const seats = (summary: { seats: Array<{ name: string; role: string }> }) => summary.seats.map((s) => [s.name, s.role])

t.test(`the summary of a played round is what happened (${databaseKind()})`, async (t) => {
  const answer = await get(`/admin/sessions/${code}/rounds/1/summary`)
  t.equal(answer.status, 200)
  const summary = answer.json
  t.match(summary, { code, title: 'Dispute', round: 1 })
  t.same(summary.case, { caseId: firstCase, version: 1, title: titleOf(firstCase), category: 'Cardiology' }, 'the version played, not the edit')
  t.same(seats(summary), [['Dora Doctor', 'DOCTOR'], ['Pat Patient', 'PATIENT'], ['Olly Observer', 'OBSERVER']])
  const consultationAt = round1 + 2 * MINUTE
  const feedbackAt = consultationAt + 3 * MINUTE
  t.same(summary.phases, [
    { phase: 'READING', startedAt: iso(round1), deadline: iso(round1 + 2 * MINUTE), endedAt: iso(consultationAt), differenceMs: 0 },
    { phase: 'CONSULTATION', startedAt: iso(consultationAt), deadline: iso(consultationAt + 8 * MINUTE), endedAt: iso(feedbackAt), differenceMs: -5 * MINUTE },
    {
      phase: 'FEEDBACK',
      startedAt: iso(feedbackAt),
      deadline: iso(feedbackAt + FEEDBACK_TIMEOUT_SECONDS * 1000),
      // The last feedback moved the session on to the next round's wait.
      endedAt: iso(feedbackAt + MINUTE),
      differenceMs: MINUTE - FEEDBACK_TIMEOUT_SECONDS * 1000,
    },
  ])
  t.same(
    summary.feedback.map((f: { from: object; to: object; score: string; comment: string; at: string }) => [f.from, f.to, f.score, f.comment, f.at]),
    [
      [{ name: 'Olly Observer', role: 'OBSERVER' }, { name: 'Dora Doctor' }, '5/8', 'Clear history', iso(feedbackAt + 30_000)],
      [{ name: 'Pat Patient', role: 'PATIENT' }, { name: 'Dora Doctor' }, '3/8', 'Kind', iso(feedbackAt + MINUTE)],
    ],
  )
  const [examiner, patientsMarks] = summary.feedback
  t.match(examiner, { globalJudgement: 'BORDERLINE', feedbackAreas: ['RAPPORT'], overallPerformance: 5 })
  t.match(patientsMarks, { globalJudgement: null, feedbackAreas: [] })
  t.same(
    examiner.criteriaScores.map((c: { criterionId: string; score: number | null; subScores: Array<{ score: number }> }) => [c.criterionId, c.score, c.subScores.map((s) => s.score)]),
    [['c-history', 3, []], ['c-comms', null, [2, 2]]],
    'the marks on the mark scheme',
  )
  t.equal(examiner.domainScores.length, 3, "the exam's station result: its three domains")
  for (const user of [doctor, patient, observer, admin]) t.notOk(JSON.stringify(summary).includes(user.email), 'no email in it')
})

t.test('a round after a seat rotation: its own seats, case and timings', async (t) => {
  const summary = (await get(`/admin/sessions/${code}/rounds/2/summary`)).json
  const secondCase = await assigned(2)
  t.not(secondCase, firstCase)
  t.same(summary.case, { caseId: secondCase, version: 1, title: titleOf(secondCase), category: 'Cardiology' })
  t.same(seats(summary), [['Pat Patient', 'DOCTOR'], ['Olly Observer', 'PATIENT'], ['Dora Doctor', 'OBSERVER']])
  const phases = summary.phases.map((p: { phase: string; startedAt: string; endedAt: string; differenceMs: number }) => [p.phase, p.startedAt, p.endedAt, p.differenceMs])
  t.same(phases, [
    ['READING', iso(round2), iso(round2 + 10_000), 10_000 - 2 * MINUTE],
    ['CONSULTATION', iso(round2 + 10_000), iso(round2 + 10_000 + MINUTE), MINUTE - 8 * MINUTE],
    // Ended when the doctor ended the session.
    ['FEEDBACK', iso(round2 + 10_000 + MINUTE), iso(round2 + 10_000 + MINUTE + 15_000), 15_000 - FEEDBACK_TIMEOUT_SECONDS * 1000],
  ])
  t.same(
    summary.feedback.map((f: { from: { name: string }; to: { name: string }; score: string }) => [f.from.name, f.to.name, f.score]),
    [['Olly Observer', 'Pat Patient', '5/8'], ['Dora Doctor', 'Pat Patient', '2/8']],
  )
})

t.test('a round never played is 404, a round that is no whole number from 1 is 400', async (t) => {
  t.same([waiting.status, waiting.json.error], [404, `Session ${code} has no round 2`], 'a round opened but not started yet')
  t.same(playedWhileWaiting, [1], "the web's rule says the same: round 2 not played while it waited")
  const never = await get(`/admin/sessions/${code}/rounds/3/summary`)
  t.same([never.status, never.json.error], [404, `Session ${code} has no round 3`])
  for (const bad of ['0', '-1', '1.5', 'two', '1e3']) {
    const answer = await get(`/admin/sessions/${code}/rounds/${bad}/summary`)
    t.same([answer.status, answer.json.error], [400, 'round must be a whole number from 1'], bad)
  }
  t.equal((await get('/admin/sessions/ZZZZ-ZZZZ/rounds/1/summary')).status, 404, 'an unknown session')
})

t.test('only admins: signed out 401, a participant or a reviewer of the bank 403', async (t) => {
  t.equal((await get(`/admin/sessions/${code}/rounds/1/summary`, {})).status, 401)
  const reviewer = await signedInUser(app, { role: 'REVIEWER' })
  t.equal((await get(`/admin/sessions/${code}/rounds/1/summary`, reviewer.auth)).status, 403, 'reviewer')
  for (const [seat, user] of Object.entries({ doctor, patient, observer })) t.equal((await get(`/admin/sessions/${code}/rounds/1/summary`, user.auth)).status, 403, seat)
})

t.test('every look at a summary is on record with who looked, also one that found no round', async (t) => {
  const looker = await signedInUser(app, { role: 'ADMIN', name: 'Lou Looker' })
  t.equal((await get(`/admin/sessions/${code}/rounds/1/summary`, looker.auth)).status, 200)
  t.equal((await get(`/admin/sessions/${code}/rounds/5/summary`, looker.auth)).status, 404)
  const sessionId = (await db.selectFrom('sessions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
  const rows = await db.selectFrom('admin_session_lookups').select(['session_id', 'looked_at']).where('admin_id', '=', looker.id).orderBy('id').execute()
  t.same(
    rows.map((row) => [Number(row.session_id), row.looked_at]),
    [
      [sessionId, 'round 1 summary'],
      [sessionId, 'round 5 summary'],
    ],
  )
})
