import t from 'tap'
import * as v from 'valibot'
import { LiveMessageSchema } from '../../schemas/session-live.ts'
import { NO_STATION_OF_TYPE } from '../../schemas/session/decide.ts'
import { Station } from '../../schemas/station/station.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { saveCase } from '../../server/content/cases-repo.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { as, readyRoom } from './helpers.ts'
import { inRoom, listen } from './live-room.ts'

/** Issue 32: the examiner marks the checklist and the patient ticks facts while the station runs; the doctor sees none of it. */

let offset = 0
const app = await testApp({}, { clock: () => Date.now() + offset })
t.teardown(() => app.close())
const server = await listen(app.app)

const STATION = v.parse(Station, {
  stationType: 'HISTORY',
  mlaAreas: ['CARDIOVASCULAR'],
  difficulty: 'STANDARD',
  candidate: { setting: 'Emergency department.', tasks: ['Take a focused history'], notNeeded: ['You do not need to examine'] },
  patient: {
    persona: 'You are Dennis, 61.',
    openingLine: 'Can I go home?',
    facts: [
      { id: 'onset', text: 'FACT-SECRET started at work', reveal: 'VOLUNTEER' },
      { id: 'family', text: 'FACT-SECRET father died at 56', reveal: 'IF_ASKED' },
    ],
    questions: ['Is it my heart?'],
  },
  checklist: [
    { id: 'pain-history', domain: 'DATA_GATHERING', item: 'CHECKLIST-SECRET pain history' },
    { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'CHECKLIST-SECRET explains the plan' },
    { id: 'rapport', domain: 'INTERPERSONAL', item: 'CHECKLIST-SECRET rapport' },
  ],
})

const category = await app.database.db.insertInto('categories').values({ name: 'Stations', description: null }).returning('id').executeTakeFirstOrThrow()
const saved = await saveCase(app.database.db, normaliseCase({ title: 'A station', description: 'Chest pain', category: { id: category.id }, doctorNotes: '', patientNotes: '', doctorSections: [], patientSections: [], visualData: null, imageUrl: null, feedbackCriteria: [], isRecallCase: false, recallDates: [], station: STATION }))
if (!saved.ok) throw new Error('could not save the station case')

t.test(`marks and ticks are stored with the consultation's second, heard by the patient and observer only (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app, { selectedTopics: ['Stations'] })
  const doctorLive = await inRoom(t, server, 'websocket', room.doctor, room.code)
  const observerLive = await inRoom(t, server, 'websocket', room.observer, room.code)
  const doctor = as(app, room.doctor)
  const patient = as(app, room.patient)
  const observer = as(app, room.observer)
  const mark = (who: typeof observer, body: object) => who.post(`/sessions/${room.code}/checklist-marks`, body)
  const reveal = (who: typeof observer, body: object) => who.post(`/sessions/${room.code}/revealed-facts`, body)

  await doctor.post(`/sessions/${room.code}/start`)
  t.equal((await mark(observer, { itemId: 'plan', mark: 'DONE' })).status, 409, 'nothing to mark while the doctor reads')
  await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  offset += 75_000

  const marked = await mark(observer, { itemId: 'pain-history', mark: 'PARTLY' })
  t.equal(marked.status, 200)
  t.same(marked.json.stationProgress.marks, [{ userId: room.observer.id, itemId: 'pain-history', mark: 'PARTLY', second: 75 }])
  t.equal((await reveal(patient, { factId: 'family', revealed: true })).status, 200)

  t.equal((await mark(doctor, { itemId: 'plan', mark: 'DONE' })).status, 403, 'the doctor marks nothing')
  t.equal((await mark(patient, { itemId: 'plan', mark: 'DONE' })).status, 403, 'the patient does not mark the examiner\'s checklist')
  t.equal((await reveal(observer, { factId: 'onset', revealed: true })).status, 403, 'only the patient ticks facts')
  const unknown = await mark(observer, { itemId: 'not-on-it', mark: 'DONE' })
  t.same([unknown.status, unknown.json.error], [400, "That item is not on this station's checklist"])
  t.equal((await mark(observer, { itemId: 'plan', mark: 'MAYBE' })).status, 400)

  const toObserver = await observerLive.until('STATION_PROGRESS', (m) => m.revealedFacts.length === 1)
  const progress = toObserver.at(-1)!
  t.ok(v.is(LiveMessageSchema, progress), 'a message the room can read')
  t.same(progress.revealedFacts, [{ factId: 'family', second: 75 }])

  const forDoctor = await doctor.get(`/sessions/${room.code}`)
  t.equal(forDoctor.json.stationProgress, null, "the doctor's GET holds no notes")
  for (const secret of ['CHECKLIST-SECRET', 'FACT-SECRET']) t.notOk(JSON.stringify(forDoctor.json).includes(secret), `no ${secret} for the doctor`)
  const forPatient = await patient.get(`/sessions/${room.code}`)
  t.same(forPatient.json.stationProgress, { marks: [], revealedFacts: [{ factId: 'family', second: 75 }] }, 'the patient sees the facts told, not the marks')
  t.same(forPatient.json.selectedCase.patientScript.facts.map((f: { id: string }) => f.id), ['onset', 'family'])

  // The doctor's live channel: everything up to the feedback phase, and no note among it.
  await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  const heard = await doctorLive.until('PHASE_CHANGE', (m) => m.phase === 'FEEDBACK')
  t.notOk(doctorLive.seen.some((m) => m.type === 'STATION_PROGRESS'), 'no STATION_PROGRESS reached the doctor')
  t.notOk(JSON.stringify(heard).includes('SECRET'), 'nothing of the checklist or facts reached the doctor live')

  // While the others score, the doctor assesses themself on the three domains, not on the examiner's checklist.
  const form = await doctor.get(`/sessions/${room.code}/self-assessment`)
  t.same(form.json.criteria.map((c: { domain: string }) => c.domain), ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'])
  t.notOk(JSON.stringify(form.json).includes('SECRET'), 'the self-assessment form holds nothing of the checklist')
  const own = form.json.criteria.map((c: { id: string; name: string }) => ({ criterionId: c.id, criterionName: c.name, score: 3, subScores: [] }))
  t.equal((await doctor.post(`/sessions/${room.code}/self-assessment`, { round: 1, criteriaScores: own })).status, 200)

  t.equal((await mark(observer, { itemId: 'plan', mark: 'NOT_DONE' })).json.stationProgress.marks.at(-1).second, null, 'a mark after the bell has no consultation second')
  const { id } = await app.database.db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow()
  const notes = (await readStream(app.database.db, id)).filter((e) => e.type === 'ChecklistItemMarked' || e.type === 'FactRevealed')
  t.same(notes.map((e) => [e.type, (e.payload as { second: number | null }).second]), [['ChecklistItemMarked', 75], ['FactRevealed', 75], ['ChecklistItemMarked', null]], 'the log keeps every note with its time')

  // The doctor's debrief: refused while the round is scored, then the round in time once it is over.
  t.equal((await doctor.get(`/sessions/${room.code}/rounds/1/debrief`)).status, 403, 'not before the round is over')
  const criteriaScores = STATION.checklist.map((item) => ({ criterionId: item.id, criterionName: item.item, score: 2, subScores: [] }))
  for (const scorer of [patient, observer]) t.equal((await scorer.post('/feedback/submit', { sessionCode: room.code, criteriaScores, comment: '' })).status, 200)
  await doctor.post(`/sessions/${room.code}/end`)
  const debrief = await doctor.get(`/sessions/${room.code}/rounds/1/debrief`)
  t.equal(debrief.status, 200)
  const { timeline, checklist, facts } = debrief.json.notes
  t.same(timeline.map((entry: { kind: string; second: number | null; mark: string | null }) => [entry.kind, entry.second, entry.mark]), [['MARK', 75, 'PARTLY'], ['FACT', 75, null], ['MARK', null, 'NOT_DONE']])
  t.same(checklist.find((item: { id: string }) => item.id === 'plan').marks, [{ userId: room.observer.id, by: 'Olly Observer', mark: 'NOT_DONE', second: null }], "each examiner's final mark, by name")
  t.same(facts.map((fact: { id: string; told: boolean }) => [fact.id, fact.told]), [['onset', false], ['family', true]])
  // Everything the doctor's live channel carried, to the end of the session, including the mark after the bell.
  await doctorLive.until('SESSION_ENDED')
  t.notOk(doctorLive.seen.some((m) => m.type === 'STATION_PROGRESS' || JSON.stringify(m).includes('SECRET')), 'no note and no secret reached the doctor live')
})

t.test(`the host chooses the station types to practise; a choice that leaves nothing is refused (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app, { selectedTopics: ['Stations'] })
  const doctor = as(app, room.doctor)
  const configure = (stationTypes: unknown) =>
    doctor.post(`/sessions/${room.code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Stations'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', stationTypes })
  const none = await configure(['TELEPHONE'])
  t.same([none.status, none.json.error], [400, NO_STATION_OF_TYPE])
  const wrong = await configure(['SURGERY'])
  t.equal(wrong.status, 400)
  t.match(wrong.json.validationErrors['stationTypes.0'], /^A station type must be one of HISTORY/)
  t.equal((await configure(['HISTORY'])).status, 200)
  const session = await doctor.get(`/sessions/${room.code}`)
  t.same([session.json.stationTypes, session.json.selectedCase.stationType], [['HISTORY'], 'HISTORY'])
  const areas = (mlaAreas: string[]) =>
    doctor.post(`/sessions/${room.code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Stations'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', mlaAreas })
  t.same((await areas(['DERMATOLOGY'])).json.error, NO_STATION_OF_TYPE, 'no station of the topic covers that area')
  t.equal((await areas(['CARDIOVASCULAR', 'DERMATOLOGY'])).status, 200)
  t.same((await doctor.get(`/sessions/${room.code}`)).json.mlaAreas, ['CARDIOVASCULAR', 'DERMATOLOGY'], 'kept in the order of the content map')
})
