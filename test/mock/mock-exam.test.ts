import t from 'tap'
import { CIRCUIT_COMPLETE } from '../../schemas/mock/circuit-rules.ts'
import { buildApp } from '../../server/app.ts'
import { LINK_GONE, NO_SHEET, SHEET_NOT_YET } from '../../server/mock/result-routes.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { call, testApp, type TestApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { as, editCase, readyRoom, seedBank } from '../sessions/helpers.ts'

/**
 * A 4-station mock exam through the HTTP API (issue 33) on the server's own clock, moved on by the test: nobody
 * presses a button after Start, the server restarts in the middle and the circuit goes on, the host's pause is kept
 * with its reason, and the candidate's result sheet matches the marks given.
 */
const clock = manualClock()
const first = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
await seedBank(first.database.db, { Cardiology: 3, Respiratory: 3 })

const circuit = { stations: 4, restStations: 1, changeoverSeconds: 60, candidate: 'ONE' }
const STATION = [90_000, 480_000, 60_000]

/** The phase clock's deadline `ms` from now is armed by the server (it must be: nothing else moves the circuit), then reached. */
async function ring(...durations: number[]) {
  for (const ms of durations) {
    await clock.armedAt(clock.now() + ms)
    await clock.advance(ms)
  }
}

t.test(`a mock exam runs by itself through a restart, and gives the candidate a result sheet (${databaseKind()})`, async (t) => {
  const room = await readyRoom(first, { selectedTopics: ['Random'], readingTime: 1.5, consultationTime: 8, circuit })
  const session = async (app: TestApp, who = room.doctor) => (await as(app, who).get(`/sessions/${room.code}`)).json
  t.same((await session(first)).circuit?.schedule, ['STATION', 'STATION', 'REST', 'STATION', 'STATION'])
  t.equal((await as(first, room.doctor).post(`/sessions/${room.code}/start`)).status, 200)
  const startedAt = clock.now()
  t.equal((await as(first, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })).status, 409, 'no skipping in a mock exam')

  // Station 1: the examiner marks during the change-over, with a judgement and an area.
  await ring(90_000, 480_000)
  const changeover = await session(first)
  t.equal(changeover.phase, 'FEEDBACK')
  t.same(changeover.circuit.clock, { phase: 'FEEDBACK', startTimestamp: startedAt + 570_000, durationSeconds: 60 })
  const marked = await as(first, room.observer).post('/feedback/submit', {
    sessionCode: room.code,
    comment: 'Clear plan',
    criteriaScores: [
      { criterionId: 'c-history', criterionName: 'History', score: 3, subScores: [] },
      { criterionId: 'c-comms', criterionName: 'Communication', score: null, subScores: [{ subCriterionId: 's-empathy', subCriterionName: 'Empathy', score: 4 }, { subCriterionId: 's-clarity', subCriterionName: 'Clarity', score: 4 }] },
    ],
    requestNewCase: false,
    globalJudgement: 'GOOD',
    feedbackAreas: [],
  })
  t.equal(marked.status, 200, JSON.stringify(marked.json))
  await ring(60_000)
  const second = await session(first)
  t.same([second.phase, second.currentRound, second.circuit.stationNumber], ['READING', 2, 2], 'the next station began by itself')

  // The host pauses in station 2's consultation, saying why; the server then restarts.
  await ring(90_000)
  await clock.advance(60_000)
  t.equal((await as(first, room.patient).post(`/sessions/${room.code}/circuit/pause`, { reason: 'x' })).status, 403, 'only the host pauses')
  t.equal((await as(first, room.doctor).post(`/sessions/${room.code}/circuit/pause`, { reason: '' })).status, 400, 'a reason is required')
  const paused = await as(first, room.doctor).post(`/sessions/${room.code}/circuit/pause`, { reason: 'The patient lost their connection' })
  t.same(paused.json.circuit.paused, { reason: 'The patient lost their connection', phase: 'CONSULTATION', remainingSeconds: 420, since: clock.now() })
  await first.app.close()
  await clock.advance(30 * 60_000)
  const restarted = await buildApp({ config: first.config, database: first.database, logger: false, clock: clock.now, setAlarm: clock.setAlarm })
  await restarted.ready()
  const after: TestApp = { ...first, app: restarted }
  t.same((await session(after)).circuit.paused?.reason, 'The patient lost their connection', 'the pause outlives the restart')
  t.equal((await as(after, room.doctor).post(`/sessions/${room.code}/circuit/resume`)).status, 200)
  const resumedAt = clock.now()

  // From here, nobody touches anything: the rest of station 2, the rest station, stations 3 and 4.
  await ring(420_000, 60_000)
  const resting = await session(after)
  t.same([resting.phase, resting.circuit.schedule[resting.circuit.slotsBegun - 1]], ['WAITING', 'REST'])
  await ring(630_000, ...STATION)
  t.equal((await as(after, room.doctor).get(`/sessions/${room.code}/mock-result`)).status, 409, SHEET_NOT_YET)
  await ring(...STATION)
  const ended = await session(after)
  t.same([ended.status, ended.endedReason], ['COMPLETED', CIRCUIT_COMPLETE])
  t.equal(clock.now() - resumedAt, 420_000 + 60_000 + 3 * 630_000, 'it ended to the second the schedule said, the pause left out')

  const log = await readStream(first.database.db, ended.id)
  t.ok(log.some((e) => e.type === 'CircuitPaused' && (e.payload as { reason: string }).reason === 'The patient lost their connection'), 'the log keeps why')
  t.equal(log.filter((e) => e.type === 'CaseAssigned').length, 4, 'four stations, each its own case')

  const sheet = await as(after, room.doctor).get(`/sessions/${room.code}/mock-result`)
  t.equal(sheet.status, 200, JSON.stringify(sheet.json))
  t.same(
    sheet.json.stations.map((row: { outcome: string; score: number; markedBy: string | null; passMark: { method: string } }) => [row.outcome, row.score, row.markedBy, row.passMark.method]),
    [
      // History 3 -> no domain on the test scheme: the station's points are those of its graded domains.
      ['MARKED', sheet.json.stations[0].grades.reduce((sum: number, g: { points: number }) => sum + g.points, 0), 'EXAMINER', 'DEFAULT'],
      ['NOT_MARKED', 0, null, 'DEFAULT'],
      ['NOT_MARKED', 0, null, 'DEFAULT'],
      ['NOT_MARKED', 0, null, 'DEFAULT'],
    ],
  )
  t.same([sheet.json.stationsRequired, sheet.json.requiredScore], [3, 28])
  t.equal(sheet.json.passed, false)
  // The stations as played: an edit of a case since leaves the sheet naming the version the candidate met.
  const [firstDraw] = log.filter((e) => e.type === 'CaseAssigned').map((e) => (e.payload as { caseId: number }).caseId)
  const titlesOf = (answer: { json: { stations: Array<{ caseTitle: string }> } }) => answer.json.stations.map((row) => row.caseTitle)
  await editCase(first.database.db, firstDraw, { title: 'Edited after the mock' })
  t.same(titlesOf(await as(after, room.doctor).get(`/sessions/${room.code}/mock-result`)), titlesOf(sheet), 'the titles of the versions played')
  const examinerSheet = await as(after, room.observer).get(`/sessions/${room.code}/mock-result`)
  t.same([examinerSheet.status, examinerSheet.json.error], [404, NO_SHEET], 'the examiner was never the candidate')
  // A private link: made once however often asked, read without an account, withdrawn for good.
  const made = await as(after, room.doctor).post(`/sessions/${room.code}/mock-result/share`)
  t.match(made.json.token, /^[A-Za-z0-9_-]{22}$/)
  t.equal((await as(after, room.doctor).post(`/sessions/${room.code}/mock-result/share`)).json.token, made.json.token, 'a second click answers the same link')
  t.equal((await as(after, room.doctor).get(`/sessions/${room.code}/mock-result/share`)).json.token, made.json.token, 'and a reload shows it')
  t.equal((await as(after, room.observer).post(`/sessions/${room.code}/mock-result/share`)).status, 404, 'nobody shares a sheet that is not theirs')
  const opened = await call(restarted, { method: 'GET', url: `/api/shared/mock-results/${made.json.token}` })
  t.same([opened.status, opened.json.candidateName, opened.json.totalScore], [200, sheet.json.candidateName, sheet.json.totalScore], 'anyone with the link, signed in or not')
  t.equal((await call(restarted, { method: 'GET', url: '/api/shared/mock-results/not-a-token' })).status, 400)
  t.equal((await call(restarted, { method: 'DELETE', url: `/api/sessions/${room.code}/mock-result/share`, headers: room.doctor.auth })).status, 200)
  const withdrawn = await call(restarted, { method: 'GET', url: `/api/shared/mock-results/${made.json.token}` })
  t.same([withdrawn.status, withdrawn.json.error], [404, LINK_GONE])
  t.equal((await as(after, room.doctor).get(`/sessions/${room.code}/mock-result/share`)).json.token, null)
  t.not((await as(after, room.doctor).post(`/sessions/${room.code}/mock-result/share`)).json.token, made.json.token, 'a new link is a new token')

  // The Progress page's own series: the candidate's mock, and none for the examiner.
  const progress = await as(after, room.doctor).get('/progress?days=all')
  t.same(progress.json.mockExams.map((m: { sessionCode: string; totalScore: number; stations: number }) => [m.sessionCode, m.totalScore, m.stations]), [[room.code, sheet.json.totalScore, 4]])
  t.same((await as(after, room.observer).get('/progress?days=all')).json.mockExams, [])
  await restarted.close()
  await first.database.close()
})
