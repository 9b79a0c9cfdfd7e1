import t from 'tap'
import { testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, editCase, readyRoom, scores, seedBank } from './helpers.ts'

/**
 * Issue 17 over HTTP: the submission's judgement and areas, the 400s that name what is wrong (nothing stored),
 * the spec's client body still accepted, and the station result in GET /feedback/received.
 */
const app = await testApp()
t.teardown(() => app.close())
const [caseId] = await seedBank(app.database.db, { Cardiology: 1 })
const CRITERIA = [
  { id: 'c-history', name: 'History', domain: 'DATA_GATHERING', order: 0, hasSubCriteria: false, subCriteria: [] },
  { id: 'c-plan', name: 'Plan', domain: 'CLINICAL_MANAGEMENT', order: 1, hasSubCriteria: false, subCriteria: [] },
  {
    id: 'c-comms',
    name: 'Communication',
    domain: 'INTERPERSONAL',
    order: 2,
    hasSubCriteria: true,
    subCriteria: [{ id: 's-empathy', name: 'Empathy', order: 0 }, { id: 's-clarity', name: 'Clarity', order: 1 }],
  },
]
await editCase(app.database.db, caseId, { feedbackCriteria: CRITERIA })

/** The spec client's body (WIRE.md section 5), exactly: no judgement, no areas. Communication's two sub-scores alike. */
const specBody = (sessionCode: string, history: number, plan: number, communication: number) => {
  const [historyScore, communicationScores] = scores(history, communication)
  return {
    sessionCode,
    comment: '',
    criteriaScores: [historyScore, { criterionId: 'c-plan', criterionName: 'Plan', score: plan, subScores: [] }, communicationScores],
    requestNewCase: false,
  }
}

async function roomInFeedback() {
  const room = await readyRoom(app)
  const asDoctor = as(app, room.doctor)
  await asDoctor.post(`/sessions/${room.code}/start`)
  await asDoctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  await asDoctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  return { ...room, asDoctor, asPatient: as(app, room.patient), asObserver: as(app, room.observer) }
}

const feedbackCount = async () => Number((await app.database.db.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

t.test(`bad marking is refused with a message naming it, and nothing is stored (${databaseKind()})`, async (t) => {
  const room = await roomInFeedback()
  const body = specBody(room.code, 3, 2, 2)
  const refusals: Array<[string, object, RegExp]> = [
    ['an unknown judgement', { globalJudgement: 'EXCELLENT', feedbackAreas: [] }, /Unknown globalJudgement "EXCELLENT"/],
    ['an unknown area', { globalJudgement: 'BORDERLINE', feedbackAreas: ['TIME', 'POSTURE'] }, /Unknown feedback area "POSTURE"/],
    ['a duplicate area', { globalJudgement: 'BORDERLINE', feedbackAreas: ['TIME', 'RAPPORT', 'TIME'] }, /feedbackAreas lists TIME twice/],
    ['an observer\'s Unsatisfactory with no area', { globalJudgement: 'UNSATISFACTORY', feedbackAreas: [] }, /tick at least one feedback area to say why the performance was Unsatisfactory/],
    ['an observer\'s missing judgement', { globalJudgement: null, feedbackAreas: ['TIME'] }, /As the observer, give a global judgement/],
  ]
  for (const [label, marking, message] of refusals) {
    const response = await room.asObserver.post('/feedback/submit', { ...body, ...marking })
    t.equal(response.status, 400, label)
    t.match(response.json.error, message, label)
  }
  t.equal(await feedbackCount(), 0, 'nothing stored')
  const participants = (await room.asObserver.get(`/sessions/${room.code}`)).json.participants
  t.notOk(participants.find((p: { role: string }) => p.role === 'observer').hasGivenFeedback)
})

t.test('the spec client\'s body is accepted from the patient and from the observer, and the doctor gets the station result', async (t) => {
  const room = await roomInFeedback()
  const patient = await room.asPatient.post('/feedback/submit', specBody(room.code, 4, 3, 4))
  t.equal(patient.status, 200)
  t.type(patient.json.feedbackId, 'number')
  const observer = await room.asObserver.post('/feedback/submit', specBody(room.code, 1, 1, 2))
  t.equal(observer.status, 200, 'an observer on an old client is not refused')
  await room.asDoctor.post(`/sessions/${room.code}/end`)

  const received = (await room.asDoctor.get('/feedback/received')).json.filter((item: { sessionCode: string }) => item.sessionCode === room.code)
  const fromObserver = received.find((item: { fromUserRole: string }) => item.fromUserRole === 'observer')
  const fromPatient = received.find((item: { fromUserRole: string }) => item.fromUserRole === 'patient')
  t.equal(fromObserver.globalJudgement, null, 'recorded as not given')
  t.same(fromObserver.feedbackAreas, [])
  t.same(fromObserver.domainScores.map((d: { grade: string }) => d.grade), ['D', 'D', 'C'])
  t.equal(fromObserver.stationScore, 1 + 1 + 2)
  t.same(fromPatient.domainScores, [
    { domain: 'DATA_GATHERING', mean: 4, grade: 'A', points: 4, criteriaCount: 1 },
    { domain: 'CLINICAL_MANAGEMENT', mean: 3, grade: 'B', points: 3, criteriaCount: 1 },
    { domain: 'INTERPERSONAL', mean: 4, grade: 'A', points: 4, criteriaCount: 1 },
  ])
  t.equal(fromPatient.stationScore, 11)
  t.equal(fromPatient.overallPerformance, 4 + 3 + 4, 'the existing sum keeps its meaning')
  t.same(fromPatient.criteriaScores.map((c: { domain: string }) => c.domain), ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'])
})

t.test('a judgement and areas are stored and returned, areas in the exam\'s order', async (t) => {
  const room = await roomInFeedback()
  const observer = await room.asObserver.post('/feedback/submit', { ...specBody(room.code, 2, 1, 2), globalJudgement: 'BORDERLINE', feedbackAreas: ['TIME', 'LANGUAGE'] })
  t.equal(observer.status, 200)
  const patient = await room.asPatient.post('/feedback/submit', { ...specBody(room.code, 3, 3, 3), globalJudgement: 'SATISFACTORY', feedbackAreas: null })
  t.equal(patient.status, 200)
  await room.asDoctor.post(`/sessions/${room.code}/end`)
  const received = (await room.asDoctor.get('/feedback/received')).json.filter((item: { sessionCode: string }) => item.sessionCode === room.code)
  const byRole = Object.fromEntries(received.map((item: { fromUserRole: string }) => [item.fromUserRole, item]))
  t.match(byRole.observer, { globalJudgement: 'BORDERLINE', feedbackAreas: ['LANGUAGE', 'TIME'], stationScore: 2 + 1 + 2 })
  t.match(byRole.patient, { globalJudgement: 'SATISFACTORY', feedbackAreas: [], stationScore: 9 })
})
