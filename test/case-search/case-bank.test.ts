import t from 'tap'
import { REVERSED_RECALL_RANGE } from '../../schemas/case-search.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom, SECRETS, seedBank, skipToFeedback, type User } from '../sessions/helpers.ts'
import { idsOf, rate, SECRET, seedStation } from './seed.ts'

/**
 * GET /api/case-bank (issue 35): a candidate finds a station to practise by how it is filed, never learning its
 * title, script or checklist, and can leave out what they have already played, in a session or alone.
 */
const app = await testApp()
t.teardown(() => app.close())
const db = app.database.db

const renal = await seedStation(db, { topic: 'Renal', stationType: 'HISTORY', mlaAreas: ['RENAL_UROLOGY'], difficulty: 'CORE', setting: 'Renal ward', scriptFact: 'pain in the loin', recallDates: ['2025-02-14'] })
const eyes = await seedStation(db, { topic: 'Ophthalmology', stationType: 'EXAMINATION', mlaAreas: ['OPHTHALMOLOGY'], difficulty: 'STANDARD', setting: 'Eye casualty', scriptFact: 'sudden loss of vision' })
const family = await seedStation(db, { topic: 'Psychiatry', stationType: 'TELEPHONE', mlaAreas: ['MENTAL_HEALTH'], difficulty: 'CHALLENGING', setting: "You speak to the patient's daughter on the telephone", scriptFact: 'low mood since the funeral' })
await seedBank(db, { Dermatology: 1 })
await rate(db, family, [[4, 4]])

const bank = (who: User, query = '') => call(app.app, { method: 'GET', url: `/api/case-bank?${query}`, headers: who.auth })
const found = async (who: User, query = '') => {
  const answer = await bank(who, query)
  if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${JSON.stringify(answer.json)}`)
  return idsOf(answer.json)
}

t.test(`only stations, filed and rated, never what happens in them (${databaseKind()})`, async (t) => {
  const candidate = await signedInUser(app, { name: 'Cara Candidate' })
  const answer = await call(app.app, { method: 'GET', url: '/api/case-bank', headers: candidate.auth })
  t.equal(answer.status, 200)
  t.same(new Set(idsOf(answer.json)), new Set([renal, eyes, family]), 'the case in the older shape is not offered')
  t.equal(answer.json.total, 3)
  const raw = (await app.app.inject({ method: 'GET', url: '/api/case-bank', headers: candidate.auth })).body
  for (const secret of [SECRET, ...SECRETS, 'loin', 'funeral']) t.notOk(raw.includes(secret), `the raw answer holds no "${secret}"`)
  const hit = answer.json.cases.find((item: { id: number }) => item.id === family)
  t.same(hit, {
    id: family,
    topic: 'Psychiatry',
    stationType: 'TELEPHONE',
    mlaAreas: ['MENTAL_HEALTH'],
    difficulty: 'CHALLENGING',
    recallDates: [],
    telephone: true,
    ratings: { count: 1, meanRealism: 4, meanDifficulty: 4 },
    playedByMe: false,
    contributed: false,
    contributorName: null,
  }, 'exactly these fields')
})

t.test("text is matched against the candidate's instructions only", async (t) => {
  const candidate = await signedInUser(app)
  t.same(await found(candidate, 'q=daughters'), [family], 'a word of the instructions, stemmed')
  t.same(await found(candidate, 'q=casualty'), [eyes])
  t.same(await found(candidate, 'q=pains'), [], "a word of a script finds nothing")
  t.same(await found(candidate, 'q=funeral'), [], 'nor does another')
  t.same(await found(candidate, 'q=asks'), [], 'nor one of the checklist')
  t.same(await found(candidate, `q=${SECRET}`), [], 'nor the title')
})

t.test('the filters apply as for reviewers', async (t) => {
  const candidate = await signedInUser(app)
  t.same(await found(candidate, 'stationType=EXAMINATION'), [eyes])
  t.same(await found(candidate, 'topic=Renal'), [renal])
  t.same(await found(candidate, 'mlaArea=MENTAL_HEALTH'), [family])
  t.same(await found(candidate, 'difficulty=CORE'), [renal])
  t.same(await found(candidate, 'minRealism=3.5'), [family])
  t.same(await found(candidate, 'recallFrom=2025-02-01&recallTo=2025-02-28'), [renal])
  const reversed = await bank(candidate, 'recallFrom=2025-03-01&recallTo=2025-02-01')
  t.same([reversed.status, reversed.json.error], [400, REVERSED_RECALL_RANGE])
  t.equal((await call(app.app, { method: 'GET', url: '/api/case-bank' })).status, 401, 'signed in only')
})

t.test('"not played by me" leaves out a case played as the doctor in a session, and one practised alone', async (t) => {
  const room = await readyRoom(app, { selectedTopics: ['Renal'] })
  const doctor = as(app, room.doctor)
  t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.selectedCase.id, renal, 'the session plays the renal station')
  await skipToFeedback(doctor, room.code)
  const checklist = ['gather', 'manage', 'relate'].map((id) => ({ criterionId: id, criterionName: id, score: 3, subScores: [] }))
  const scored = await as(app, room.patient).post('/feedback/submit', { sessionCode: room.code, comment: 'Well done', criteriaScores: checklist })
  t.equal(scored.status, 200, JSON.stringify(scored.json))

  t.same(new Set(await found(room.doctor, 'notPlayedByMe=true')), new Set([eyes, family]), 'played in a session')
  t.same(new Set(await found(room.patient, 'notPlayedByMe=true')), new Set([renal, eyes, family]), 'the patient was not its doctor')

  const solo = await doctor.post('/solo-stations', { caseId: eyes })
  t.equal(solo.json.case.id, eyes, 'practised alone')
  t.same(await found(room.doctor, 'notPlayedByMe=true'), [family], 'and alone')
  t.same(new Set(await found(room.doctor, 'notPlayedByMe=false')), new Set([renal, eyes, family]), 'false: all of them')
  const flags = (await bank(room.doctor)).json.cases.map((hit: { id: number; playedByMe: boolean }) => [hit.id, hit.playedByMe])
  t.same(new Map(flags), new Map([[renal, true], [eyes, true], [family, false]]), 'each case says whether I played it')
})
