import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { inRoom, listen } from './live-room.ts'
import { as, readyRoom, scores, seedBank, skipToFeedback } from './helpers.ts'

/**
 * The debrief's secrecy and the self-assessment's privacy, over two rounds: D is the doctor of round 1, P of
 * round 2 (after P's "Submit & Role Change"), O observes both.
 */

const SELF_SECRET = 'SELF-ASSESSMENT-SECRET'
const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })
const server = await listen(app.app)

t.test(`the debrief opens only for the round's doctor, only after its feedback phase (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const { code } = room
  const [doctor, patient, observer] = [as(app, room.doctor), as(app, room.patient), as(app, room.observer)]
  const outsider = as(app, await signedInUser(app, { name: 'Otto Outsider' }))
  const debrief = (who: typeof doctor, round: number) => who.get(`/sessions/${code}/rounds/${round}/debrief`)
  const observerHears = await inRoom(t, server, 'websocket', room.observer, code)

  await doctor.post(`/sessions/${code}/start`)
  const firstCase = (await doctor.get(`/sessions/${code}`)).json.selectedCase.id
  t.equal((await debrief(doctor, 1)).status, 403, 'reading: not yet')
  for (const round of ['0', 'x', '1.5']) {
    const bad = await doctor.get(`/sessions/${code}/rounds/${round}/debrief`)
    t.same([bad.status, bad.json.validationErrors], [400, { round: 'round must be a round number' }], `round ${round}: a clear 400`)
  }
  t.equal((await doctor.get(`/sessions/${code}/self-assessment`)).status, 409, 'no self-assessment before the feedback phase')
  await skipToFeedback(doctor, code)
  await observerHears.until('PHASE_CHANGE', (m) => m.phase === 'FEEDBACK')

  t.test('waiting in the feedback phase: a private self-assessment, no debrief', async (t) => {
    const refusal = await debrief(doctor, 1)
    t.same([refusal.status, refusal.json.error], [403, "The debrief opens once this round's feedback phase is over"])
    for (const [who, name] of [[patient, 'patient'], [observer, 'observer'], [outsider, 'outsider']] as const) {
      t.equal((await debrief(who, 1)).status, 404, `the ${name} learns nothing of a debrief`)
      t.equal((await who.get(`/sessions/${code}/self-assessment`)).status, 403, `the ${name} has no self-assessment form`)
      t.equal((await who.post(`/sessions/${code}/self-assessment`, { round: 1, criteriaScores: scores() })).status, 403, `the ${name} cannot assess`)
    }

    const form = await doctor.get(`/sessions/${code}/self-assessment`)
    t.equal(form.status, 200)
    t.same([form.json.round, form.json.criteria.map((c: { id: string }) => c.id), form.json.saved], [1, ['c-history', 'c-comms'], null])
    const partial = await doctor.post(`/sessions/${code}/self-assessment`, { round: 1, criteriaScores: scores().slice(0, 1) })
    t.same([partial.status, partial.json.error], [400, 'Please provide ratings for all criteria before submitting'])
    t.equal((await doctor.post(`/sessions/${code}/self-assessment`, { round: 2, criteriaScores: scores() })).status, 409, 'only the round being scored')

    const versionBefore = await sessionVersion(code)
    const saved = await doctor.post(`/sessions/${code}/self-assessment`, { round: 1, comment: SELF_SECRET, criteriaScores: scores(1, 2) })
    t.equal(saved.status, 200)
    t.equal(saved.json.selfAssessment.overallPerformance, 3)
    t.same((await doctor.get(`/sessions/${code}/self-assessment`)).json.saved.comment, SELF_SECRET, 'kept for the doctor')
    t.equal(await sessionVersion(code), versionBefore, 'nothing was added to the session log, so nothing is broadcast')
    const mine = (await doctor.get('/auth/my-data')).json.selfAssessments
    t.match(mine, [{ sessionCode: code, round: 1, comment: SELF_SECRET }], 'in the doctor\'s own data export')
    t.notOk(JSON.stringify((await patient.get('/auth/my-data')).json).includes(SELF_SECRET), 'in nobody else\'s')
  })

  t.test('the round ends with a role change; only its doctor may now open it', async (t) => {
    const observerMarks = { globalJudgement: 'BORDERLINE', feedbackAreas: ['TIME'] }
    await observer.post('/feedback/submit', { sessionCode: code, comment: 'Observer on round 1', criteriaScores: scores(4, 4), ...observerMarks })
    // Heard after the self-assessment was saved: whatever the room heard in between is in `seen` too.
    const observerScored = (p: { userId: number; hasGivenFeedback: boolean }) => p.userId === room.observer.id && p.hasGivenFeedback
    await observerHears.until('PARTICIPANT_UPDATE', (m) => m.participants.some(observerScored))
    const next = await patient.post('/feedback/submit', { sessionCode: code, comment: 'Patient on round 1', criteriaScores: scores(2, 3), requestNewCase: true, requestRoleChange: true })
    t.equal(next.json.newCaseStarted, true)
    await observerHears.until('SESSION_UPDATE', (m) => m.currentRound === 2)
    t.notOk(JSON.stringify(observerHears.seen).includes(SELF_SECRET), 'no live message carried the self-assessment')

    const opened = await debrief(doctor, 1)
    t.equal(opened.status, 200)
    const { json } = opened
    t.equal(json.case.id, firstCase, 'the case of that round')
    t.match(json.case, { title: /^TITLE-SECRET/, patientNotes: /^PATIENT-SCRIPT-SECRET/, visualData: { content: 'BP 120/80' } })
    t.equal(json.case.feedbackCriteria.length, 2, 'the mark scheme')
    t.same(json.feedback.map((f: { fromUser: string; comment: string }) => [f.fromUser, f.comment]), [['Olly Observer', 'Observer on round 1'], ['Pat Patient', 'Patient on round 1']])
    t.same([json.selfAssessment.comment, json.selfAssessment.overallPerformance], [SELF_SECRET, 3], 'beside the self-assessment')
    // The exam's marks as the dashboard shows them (issue 29); this mark scheme has no domains, so no score of 12.
    const ungraded = ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'].map((domain) => ({ domain, mean: null, grade: null, points: null, criteriaCount: 0 }))
    t.match(json.feedback[0], { ...observerMarks, domainScores: ungraded, stationScore: null }, "the observer's judgement and areas")
    t.match(json.feedback[1], { globalJudgement: null, feedbackAreas: [], domainScores: ungraded, stationScore: null }, 'the patient gave none')
    t.match(json.selfAssessment, { domainScores: ungraded, stationScore: null }, 'the self-assessment with its station result')
    t.same((await doctor.get(`/sessions/${code}/debriefs`)).json, [{ round: 1, caseTitle: json.case.title }])

    for (const [who, name] of [[patient, 'patient (now the doctor)'], [observer, 'observer'], [outsider, 'outsider']] as const) {
      t.equal((await debrief(who, 1)).status, 404, `the ${name} cannot open round 1`)
      t.same((await who.get(`/sessions/${code}/debriefs`)).json, [], `the ${name} has no debriefs`)
    }
    t.equal((await debrief(doctor, 2)).status, 404, 'round 2 is not the former doctor\'s station')
    t.equal((await debrief(patient, 2)).status, 403, 'round 2 is running for its doctor')
    for (const who of [patient, observer]) t.notOk(JSON.stringify((await who.get('/feedback/received')).json).includes(SELF_SECRET), 'in nobody\'s feedback list')
    t.notOk(JSON.stringify((await doctor.get('/feedback/received')).json).includes(SELF_SECRET), 'nor in the doctor\'s own list of peers\' feedback')
    t.equal((await doctor.post(`/sessions/${code}/self-assessment`, { round: 1, criteriaScores: scores() })).status, 403, 'no longer the doctor: round 1 is closed to changes')
  })

  t.test('after the session ends, each doctor has their own round and no other', async (t) => {
    // Round 2 waits for whoever does not have the room open: its doctor starts it knowingly.
    t.equal((await patient.post(`/sessions/${code}/start`)).status, 200)
    await skipToFeedback(patient, code)
    await observer.post('/feedback/submit', { sessionCode: code, comment: 'Observer on round 2', criteriaScores: scores() })
    await doctor.post('/feedback/submit', { sessionCode: code, comment: 'D scores P', criteriaScores: scores() })
    await patient.post(`/sessions/${code}/complete`)
    t.equal((await doctor.get(`/sessions/${code}`)).json.status, 'COMPLETED')

    const second = await debrief(patient, 2)
    t.equal(second.status, 200)
    t.not(second.json.case.id, firstCase, "round 2's own case")
    t.equal(second.json.selfAssessment, null, "round 1's doctor's self-assessment is not in round 2's debrief")
    t.notOk(JSON.stringify(second.json).includes(SELF_SECRET))
    t.equal((await debrief(patient, 1)).status, 404)
    t.equal((await debrief(doctor, 2)).status, 404)
    t.equal((await debrief(observer, 2)).status, 404)
    t.equal((await debrief(doctor, 1)).status, 200)
    t.equal((await doctor.get(`/sessions/NOPE-NOPE/rounds/1/debrief`)).status, 404)
    t.equal((await debrief(doctor, 0)).status, 400)
  })
})

t.test('a doctor alone who skips into feedback and ends the session sees nothing (no case scored)', async (t) => {
  const room = await readyRoom(app)
  const doctor = as(app, room.doctor)
  await doctor.post(`/sessions/${room.code}/start`)
  await skipToFeedback(doctor, room.code)
  await doctor.post(`/sessions/${room.code}/end`)
  t.equal((await doctor.get(`/sessions/${room.code}/rounds/1/debrief`)).status, 404)
  t.same((await doctor.get(`/sessions/${room.code}/debriefs`)).json, [])
})

async function sessionVersion(code: string): Promise<number> {
  const row = await app.database.db.selectFrom('sessions').select('version').where('code', '=', code).executeTakeFirstOrThrow()
  return row.version
}
