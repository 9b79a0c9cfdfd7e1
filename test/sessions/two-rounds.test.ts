import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { SETTLE_MS } from '../../server/sessions/engine/step-guard.ts'
import { as, scores, SECRETS, seedBank, threeUsers } from './helpers.ts'

/** The sessions' clock: moved on before a New Case, which replaces only a case whose reading has settled. */
let offset = 0
const app = await testApp({}, { clock: () => Date.now() + offset })
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3, Respiratory: 1 })
const { doctor, patient, observer } = await threeUsers(app)
const asDoctor = as(app, doctor)
const asPatient = as(app, patient)
const asObserver = as(app, observer)

type Asserts = { equal(found: unknown, wanted: unknown): boolean; notOk(value: unknown, message: string): boolean }

/** The doctor's view must never carry the patient's script, the title or the mark scheme while a case runs. */
async function doctorSees(t: Asserts, code: string, who = asDoctor) {
  const response = await who.get(`/sessions/${code}`)
  t.equal(response.status, 200)
  for (const secret of SECRETS) t.notOk(JSON.stringify(response.json).includes(secret), `doctor's GET has no ${secret}`)
  return response.json
}

t.test(`three users play two rounds: new case, role change, topic running out, completion (${databaseKind()})`, async (t) => {
  const created = await asDoctor.post('/sessions', { title: 'Tuesday practice', readingTimeMinutes: 2, consultationTimeMinutes: 8, selectedTopics: ['Cardiology'] })
  t.equal(created.status, 200)
  const code: string = created.json.sessionCode
  t.match(code, /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
  t.equal(created.json.session.userRole, 'DOCTOR')
  t.equal(created.json.leftFromSessions, 0)

  const configured = await asDoctor.post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'STOPWATCH' })
  t.equal(configured.status, 200)
  const waiting = await doctorSees(t, code)
  t.equal(waiting.phase, 'WAITING')
  t.equal(waiting.selectedTopics, '["Cardiology"]')
  t.equal(waiting.timingType, 'STOPWATCH')
  t.equal(waiting.selectedCase.category.name, 'Cardiology')

  const join = await asPatient.post('/sessions/join', { code: code.toLowerCase().replace('-', '') })
  t.equal(join.status, 200)
  t.same(join.json.availableRoles, ['PATIENT', 'OBSERVER'])
  t.equal((await asPatient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })).json.userRole, 'PATIENT')
  const taken = await asObserver.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  t.equal(taken.status, 409, 'a second patient is refused')
  t.same((await asObserver.post('/sessions/join', { code })).json.availableRoles, ['OBSERVER'])
  const joined = await asObserver.post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  t.equal(joined.status, 200)
  t.same(joined.json.participants.map((p: { role: string }) => p.role), ['doctor', 'patient', 'observer'])
  t.same(joined.json.participants[0], { id: String(doctor.id), userId: doctor.id, name: 'Dora Doctor', role: 'doctor', isOnline: false, hasCompleted: false, hasGivenFeedback: false, joinedAfterConsultation: false, nextRoundRequest: null })

  t.equal((await asPatient.post(`/sessions/${code}/start`)).status, 403, 'only the host starts')
  t.equal((await asDoctor.post(`/sessions/${code}/start`)).status, 200)
  const reading = await doctorSees(t, code)
  t.equal(reading.phase, 'READING')
  t.equal(reading.status, 'IN_PROGRESS')
  t.type(reading.timerStartTimestamp, 'number')
  t.ok(reading.timeRemaining > 115 && reading.timeRemaining <= 120)
  t.same(reading.selectedCase.sections, reading.selectedCase.doctorSections)
  const patientView = (await asPatient.get(`/sessions/${code}`)).json
  t.match(patientView.selectedCase.title, /^TITLE-SECRET Cardiology/)
  t.equal(patientView.selectedCase.feedbackCriteria.length, 2)
  t.notOk('doctorNotes' in patientView.selectedCase, 'the patient does not get the doctor brief')
  t.ok('doctorNotes' in (await asObserver.get(`/sessions/${code}`)).json.selectedCase, 'the observer reads both sides')

  const firstCase = reading.selectedCase.id
  offset += SETTLE_MS
  t.same((await asDoctor.post(`/sessions/${code}/new-case`)).json, { message: 'New case assigned' })
  const secondCase = (await doctorSees(t, code)).selectedCase.id
  t.not(secondCase, firstCase)

  t.equal((await asPatient.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })).status, 403)
  t.equal((await asDoctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })).status, 200)
  t.equal((await doctorSees(t, code)).phase, 'CONSULTATION')
  t.equal((await asPatient.post('/feedback/submit', { sessionCode: code, comment: 'early', criteriaScores: scores() })).status, 409, 'no feedback mid-consultation')
  t.equal((await asDoctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })).status, 200, 'end consultation')
  t.equal((await doctorSees(t, code)).phase, 'FEEDBACK')

  const outOfRange = await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'x', criteriaScores: scores(5) })
  t.equal(outOfRange.status, 400)
  t.equal(outOfRange.json.validationErrors['criteriaScores.0.score'], 'Scores must be whole numbers from 0 to 4')
  const missing = await asObserver.post('/feedback/submit', { sessionCode: code, criteriaScores: scores() })
  t.same([missing.status, missing.json.error], [400, 'Missing required fields'])
  const unscored = scores()
  unscored[1].subScores[1].score = null as unknown as number
  const incomplete = await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'x', criteriaScores: unscored })
  t.same([incomplete.status, incomplete.json.error], [400, 'Please provide ratings for all criteria before submitting'])
  t.equal((await asDoctor.post('/feedback/submit', { sessionCode: code, comment: 'me', criteriaScores: scores() })).status, 403, 'the doctor gives no feedback')

  const status = await asPatient.get(`/sessions/${code}/observer-feedback-status`)
  t.same(status.json, { hasObserver: true, observerHasGivenFeedback: false, observerCount: 1 })
  const observed = await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'Clear and kind', criteriaScores: scores(3, 2), requestNewCase: false })
  t.equal(observed.status, 200)
  t.type(observed.json.feedbackId, 'number')
  t.equal((await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'again', criteriaScores: scores() })).status, 409, 'once per round')

  const swapped = await asPatient.post('/feedback/submit', { sessionCode: code, comment: 'Good rapport', criteriaScores: scores(4, 3), requestNewCase: true, requestRoleChange: true })
  t.equal(swapped.json.newCaseStarted, true)
  // Nobody has the room open (no live channel here): round 2 waits until its new doctor starts it knowingly.
  t.same((await asPatient.get(`/sessions/${code}`)).json.phase, 'WAITING')
  t.equal((await asObserver.post(`/sessions/${code}/start`)).status, 403, 'not the observer')
  t.equal((await asPatient.post(`/sessions/${code}/start`)).status, 200)
  const round2 = await doctorSees(t, code, asPatient)
  t.same([round2.userRole, round2.currentRound, round2.phase], ['DOCTOR', 2, 'READING'])
  t.equal((await asDoctor.get(`/sessions/${code}`)).json.userRole, 'PATIENT')

  offset += SETTLE_MS
  const ranOut = await asPatient.post(`/sessions/${code}/new-case`)
  t.same(ranOut.json.availableTopics, ['Respiratory'])
  t.equal(ranOut.json.noMoreCases, true)
  t.equal((await asPatient.post(`/sessions/${code}/select-new-topic`, { topic: 'Respiratory' })).status, 200)
  const respiratory = await doctorSees(t, code, asPatient)
  t.equal(respiratory.selectedCase.category.name, 'Respiratory')
  t.equal(respiratory.selectedTopics, '["Cardiology","Respiratory"]')
  await asPatient.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await asPatient.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  t.equal((await asDoctor.post('/feedback/submit', { sessionCode: code, comment: 'Round two', criteriaScores: scores(2, 1) })).status, 200)
  t.equal((await asObserver.post('/feedback/submit', { sessionCode: code, comment: 'Round two obs', criteriaScores: scores(1, 1) })).status, 200)

  // Giving feedback completes the givers; the doctor of round two completes by pressing Exit.
  for (const giver of [asDoctor, asObserver]) t.same((await giver.post(`/sessions/${code}/complete`)).json.alreadyCompleted, true)
  t.same((await asPatient.post(`/sessions/${code}/complete`)).json.completed, true)
  const ended = (await asPatient.get(`/sessions/${code}`)).json
  t.same([ended.status, ended.phase], ['COMPLETED', 'COMPLETED'])
  t.match(ended.selectedCase.title, /TITLE-SECRET/, 'the whole case is revealed to the doctor once it is over')
  t.same((await asDoctor.get('/sessions/user/active')).json, [])

  const firstDoctorInbox = (await asDoctor.get('/feedback/received')).json
  t.same(firstDoctorInbox.map((f: { fromUser: string; fromUserRole: string; overallPerformance: number; roundNumber: number }) => [f.fromUser, f.fromUserRole, f.overallPerformance, f.roundNumber]), [
    ['Pat Patient', 'patient', 7, 1],
    ['Olly Observer', 'observer', 5, 1],
  ])
  t.match(firstDoctorInbox[0], { sessionCode: code, sessionTitle: 'Tuesday practice', caseId: secondCase, category: 'Cardiology', comment: 'Good rapport', toUser: 'Dora Doctor' })
  t.match(firstDoctorInbox[0].caseTitle, /^TITLE-SECRET Cardiology/)
  t.same(firstDoctorInbox[0].criteriaScores[1].subScores.map((s: { score: number }) => s.score), [3, 3])
  const secondDoctorInbox = (await asPatient.get('/feedback/received')).json
  t.same(secondDoctorInbox.map((f: { fromUserRole: string; roundNumber: number; category: string }) => [f.fromUserRole, f.roundNumber, f.category]), [
    ['observer', 2, 'Respiratory'],
    ['patient', 2, 'Respiratory'],
  ])
})
