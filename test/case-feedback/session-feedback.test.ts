import t from 'tap'
import { DETAILS_NEEDED } from '../../schemas/case-feedback.ts'
import { NOTE_NEEDED_TO_DISMISS } from '../../schemas/problem-reports.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { deleteCase, findCase, saveCase } from '../../server/content/cases-repo.ts'
import { CASE_GONE } from '../../server/solo/solo-routes.ts'
import { AFTER_THE_STATION, NO_SUCH_ROUND } from '../../server/case-feedback/played-case.ts'
import { REPORT_LIMIT, REPORTS_PER_DAY } from '../../server/case-feedback/routes.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom, seedBank, skipToFeedback } from '../sessions/helpers.ts'

/**
 * Ratings and problem reports after a session's station (issue 35), through the HTTP API: only its participants,
 * only once the consultation is over, tied to the version they played; the reviewers' queue; the account's data.
 */
const app = await testApp()
t.teardown(() => app.close())
const { db } = app.database
await seedBank(db, { Cardiology: 3 })

const room = await readyRoom(app)
const { code } = room
const [doctor, patient, observer] = [as(app, room.doctor), as(app, room.patient), as(app, room.observer)]
const outsider = as(app, await signedInUser(app, { name: 'Otto Outsider' }))
const reviewerAccount = await signedInUser(app, { name: 'Rita Reviewer' })
await db.updateTable('users').set({ role: 'REVIEWER' }).where('id', '=', reviewerAccount.id).execute()
const reviewer = as(app, reviewerAccount)
const round1 = { sessionCode: code, round: 1 }
const rate = (who: typeof doctor, realism: number, difficulty: number, source: object = round1) => who.post('/case-ratings', { source, realism, difficulty })
const report = (who: typeof doctor, kind: string, details?: string) => who.post('/case-problem-reports', { source: round1, kind, details })
const myRating = (who: typeof doctor, query = `sessionCode=${code}&round=1`) => who.get(`/case-ratings/mine?${query}`)

await doctor.post(`/sessions/${code}/start`)
const caseId: number = (await doctor.get(`/sessions/${code}`)).json.selectedCase.id
const drawn = (await findCase(db, caseId))!

t.test(`before the consultation is over, and for anyone else (${databaseKind()})`, async (t) => {
  for (const who of [doctor, patient, observer]) {
    t.same([(await rate(who, 3, 3)).json.error, (await report(who, 'UNCLEAR')).status, (await myRating(who)).status], [AFTER_THE_STATION, 409, 409], 'reading: not yet')
  }
  const nobody = [await rate(outsider, 3, 3), await report(outsider, 'UNCLEAR'), await myRating(outsider)]
  t.same(nobody.map((answer) => [answer.status, answer.json.error]), Array(3).fill([404, NO_SUCH_ROUND]), 'an outsider learns nothing of the session')
  const noSession = await rate(doctor, 3, 3, { sessionCode: 'ZZZZ-ZZZZ', round: 1 })
  t.same([noSession.status, noSession.json.error], [404, NO_SUCH_ROUND], 'the same answer as for a session that does not exist')
  t.same((await rate(doctor, 3, 3, { sessionCode: code, round: 2 })).json.error, NO_SUCH_ROUND, 'a round not played yet')
  const wrong = await rate(doctor, 6, 0)
  t.same([wrong.status, wrong.json.validationErrors], [400, { realism: 'Realism must be a whole number from 1 to 5', difficulty: 'Difficulty must be a whole number from 1 to 5' }])
  t.same((await doctor.post('/case-ratings', { source: round1 })).json.validationErrors, { realism: 'Please choose how real the case felt', difficulty: 'Please choose how hard the case was' })
  t.same((await doctor.post('/case-ratings', { realism: 3, difficulty: 3 })).status, 400, 'no source')
  t.equal((await myRating(doctor, 'round=1')).status, 400, 'a source half given')
})

t.test(`after the consultation: rated and reported on the version played (${databaseKind()})`, async (t) => {
  const edited = await saveCase(db, normaliseCase({ ...drawn, title: 'EDITED title' }), caseId)
  t.match(edited, { ok: true, version: 2 }, 'the case is edited after the draw')
  await skipToFeedback(doctor, code)

  const first = await rate(patient, 4, 2)
  t.same([first.status, first.json.rating.realism, first.json.rating.difficulty], [200, 4, 2])
  const again = await rate(patient, 5, 3)
  t.same([again.json.rating.realism, again.json.rating.difficulty], [5, 3])
  t.match((await myRating(patient)).json, { rating: { realism: 5, difficulty: 3 } }, 'the form shows the latest rating')
  t.same((await myRating(observer)).json, { rating: null }, 'nobody else has rated it yet')
  const rows = await db.selectFrom('case_ratings').select(['user_id', 'case_version', 'realism', 'difficulty']).where('case_id', '=', caseId).execute()
  t.same(rows, [{ user_id: room.patient.id, case_version: 1, realism: 5, difficulty: 3 }], 'one rating per person, the latest, of the version played')

  const bare = await report(doctor, 'WRONG_FACT', '  ')
  t.same([bare.status, bare.json.validationErrors], [400, { details: DETAILS_NEEDED }], 'a wrong fact needs words')
  t.equal((await report(doctor, 'WRONG_FACT', 'The BP is too low for this story')).status, 200, 'the doctor reports during the feedback phase')
  t.equal((await report(observer, 'UNCLEAR')).status, 200, 'an unclear case needs no words')
  t.equal((await report(observer, 'RUDE')).status, 400)
  t.equal((await report(observer, 'OTHER', 'x'.repeat(2001))).status, 400, 'at most 2000 characters')
  const reports = await db.selectFrom('case_problem_reports').select(['case_version', 'round', 'reporter_id']).orderBy('id').execute()
  t.same(reports, [
    { case_version: 1, round: 1, reporter_id: room.doctor.id },
    { case_version: 1, round: 1, reporter_id: room.observer.id },
  ])

  const latecomer = await signedInUser(app, { name: 'Lou Late' })
  t.equal((await as(app, latecomer).post(`/sessions/${code}/join-with-role`, { role: 'observer' })).status, 200)
  t.equal((await rate(as(app, latecomer), 2, 2)).json.error, NO_SUCH_ROUND, 'someone who arrived in the feedback phase saw nothing to rate')
})

t.test(`the reviewers' queue (${databaseKind()})`, async (t) => {
  t.equal((await patient.get('/case-problem-reports')).status, 403, 'not for a user')
  t.equal((await patient.post('/case-problem-reports/1/resolution', { status: 'RESOLVED', note: '' })).status, 403)
  const queue = await reviewer.get('/case-problem-reports')
  t.equal(queue.status, 200)
  t.match(queue.json, { currentPage: 0, totalItems: 2, totalPages: 1, openCount: 2 })
  const [fromDoctor, fromObserver] = queue.json.reports
  t.match(fromDoctor, {
    caseId,
    caseTitle: drawn.title,
    caseVersion: 1,
    currentVersion: 2,
    kind: 'WRONG_FACT',
    details: 'The BP is too low for this story',
    reporterName: 'Dora Doctor',
    source: { kind: 'SESSION', sessionCode: null, round: 1 },
    status: 'OPEN',
    resolvedByName: null,
  })
  t.match(fromObserver, { kind: 'UNCLEAR', details: '', reporterName: 'Olly Observer' }, 'oldest first')
  t.notMatch(JSON.stringify(queue.json), code, "a reviewer is not given the session's code: it would let them into the room")
  const adminQueue = (await as(app, await signedInUser(app, { role: 'ADMIN' })).get('/case-problem-reports')).json
  t.match(adminQueue.reports[0].source, { kind: 'SESSION', sessionCode: code, round: 1 }, 'an admin is, to open its timeline')
  t.notMatch(JSON.stringify(queue.json), /@example\.com/, 'no email')
  t.equal((await reviewer.get(`/cases/${caseId}/versions/1`)).json.title, drawn.title, 'the version reported opens as it was')

  const unsaid = await reviewer.post(`/case-problem-reports/${fromDoctor.id}/resolution`, { status: 'DISMISSED', note: ' ' })
  t.same([unsaid.status, unsaid.json.validationErrors], [400, { note: NOTE_NEEDED_TO_DISMISS }], 'dismissing needs a note')
  const dismissed = await reviewer.post(`/case-problem-reports/${fromDoctor.id}/resolution`, { status: 'DISMISSED', note: 'Within range for this age' })
  t.match(dismissed.json, { message: 'The report is dismissed', report: { status: 'DISMISSED', resolvedByName: 'Rita Reviewer', resolutionNote: 'Within range for this age' } })
  const twice = await reviewer.post(`/case-problem-reports/${fromDoctor.id}/resolution`, { status: 'RESOLVED', note: '' })
  t.same([twice.status, twice.json.error], [409, 'This report was already closed: dismissed by Rita Reviewer'])
  t.equal((await reviewer.post('/case-problem-reports/999999/resolution', { status: 'RESOLVED', note: '' })).status, 404)

  const after = (await reviewer.get('/case-problem-reports')).json
  t.same(after.reports.map((r: { id: number }) => r.id), [fromObserver.id, fromDoctor.id], 'the open report comes first')
  t.equal(after.openCount, 1)
  const resolved = await reviewer.post(`/case-problem-reports/${fromObserver.id}/resolution`, { status: 'RESOLVED', note: '' })
  t.match(resolved.json.report, { status: 'RESOLVED', resolutionNote: '' }, 'resolving needs no note')
  t.equal((await reviewer.get('/case-problem-reports?page=x')).status, 400)
})

t.test(`a day's reports are limited (${databaseKind()})`, async (t) => {
  const base = { case_id: caseId, case_version: 1, reporter_id: room.observer.id, kind: 'UNCLEAR' as const }
  await db.insertInto('case_problem_reports').values(Array.from({ length: REPORTS_PER_DAY - 1 }, () => base)).execute()
  const over = await report(observer, 'UNCLEAR')
  t.same([over.status, over.json.error], [429, REPORT_LIMIT])
  t.ok(over.json.retryAfterSeconds > 23 * 3600 && over.json.retryAfterSeconds <= 24 * 3600, 'once the first of them is a day old')
  await db.deleteFrom('case_problem_reports').where('details', '=', '').where('status', '=', 'OPEN').execute()
})

t.test(`the account's data: exported, and on deletion ratings go and reports stay unsigned (${databaseKind()})`, async (t) => {
  t.equal((await report(patient, 'OFFENSIVE', 'PAT-REPORTED-THIS')).status, 200)
  const data = (await patient.get('/auth/my-data')).json
  t.match(data.caseRatings, [{ caseId, caseVersion: 1, realism: 5, difficulty: 3 }])
  t.match(data.caseProblemReports, [{ caseId, caseVersion: 1, sessionCode: code, round: 1, kind: 'OFFENSIVE', details: 'PAT-REPORTED-THIS', status: 'OPEN' }])
  t.notOk(JSON.stringify((await doctor.get('/auth/my-data')).json.caseProblemReports).includes('PAT-REPORTED-THIS'), "in nobody else's")

  const deleted = await patient.post('/auth/delete-account', { currentPassword: room.patient.password })
  t.equal(deleted.status, 200)
  t.same(await db.selectFrom('case_ratings').select('user_id').where('user_id', '=', room.patient.id).execute(), [], 'the rating is gone')
  const kept = (await reviewer.get('/case-problem-reports')).json.reports.find((r: { details: string }) => r.details === 'PAT-REPORTED-THIS')
  t.match(kept, { reporterName: null, status: 'OPEN', caseVersion: 1 }, 'the report stays for the reviewers, from nobody')
})

t.test(`a case deleted from the bank since the session: rating and reporting say so (${databaseKind()})`, async (t) => {
  const [goneId] = await seedBank(db, { Dermatology: 1 })
  const gone = await readyRoom(app, { selectedTopics: ['Dermatology'] })
  const host = as(app, gone.doctor)
  await host.post(`/sessions/${gone.code}/start`)
  await skipToFeedback(host, gone.code)
  await host.post(`/sessions/${gone.code}/end`)
  t.match(await deleteCase(db, goneId), { ok: true })
  const source = { sessionCode: gone.code, round: 1 }
  const answers = [await as(app, gone.patient).post('/case-ratings', { source, realism: 3, difficulty: 3 }), await as(app, gone.patient).post('/case-problem-reports', { source, kind: 'UNCLEAR' })]
  t.same(answers.map((answer) => [answer.status, answer.json.error]), Array(2).fill([404, CASE_GONE]))
})
