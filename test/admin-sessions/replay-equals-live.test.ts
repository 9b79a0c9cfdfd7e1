import t, { type Test } from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { roundsPlayed } from '../../schemas/session/rounds-played.ts'
import { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { as, editCase, scores, seedBank, threeUsers, type User } from '../sessions/helpers.ts'

/**
 * Issue 37's "done when": a session played through every phase (a reading that runs out by itself, skips, feedback,
 * a seat rotation, a second round, the end), captured live after every command; then the admin's state route at
 * every version equals what the live server held and showed each participant at that moment.
 */

const clock = manualClock()
const app = await testApp({}, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(() => app.close())
const db = app.database.db
const [firstCase] = await seedBank(db, { Cardiology: 3, Respiratory: 3 })
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ann Admin' })
const { doctor, patient, observer } = await threeUsers(app)
let everyone = [doctor, patient, observer]
// The engine's way of holding a session: a loader folding each new event onto the state it already holds.
const live = new SessionLoader(db)

interface Capture {
  version: number
  state: unknown
  /** What GET /sessions/:code gave each one holding a seat then. */
  views: Map<number, unknown>
}
let captures: Capture[] = []
let code = ''
let sessionId = 0

/** A new session to follow, played by these three. */
function follow(players: User[]) {
  ;[captures, code, sessionId, everyone] = [[], '', 0, players]
}

async function capture(what: string) {
  const state = await live.load(sessionId)
  if (!state) throw new Error('no state')
  const views = new Map<number, unknown>()
  for (const user of everyone) {
    const seen = await as(app, user).get(`/sessions/${code}`)
    if (seen.status !== 200) throw new Error(`${what}: GET ${seen.status}`)
    if (seen.json.userRole !== null) views.set(user.id, seen.json)
  }
  captures.push({ version: state.version, state: structuredClone(state), views })
}

/** A command as a participant, then what the live server holds and shows. */
async function step(what: string, user: User, method: 'GET' | 'POST', url: string, body?: object) {
  const answer = method === 'POST' ? await as(app, user).post(url, body) : await as(app, user).get(url)
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`)
  if (!code) code = answer.json.sessionCode
  if (!sessionId) sessionId = answer.json.session.id
  await capture(what)
  return answer
}

const adminGet = (url: string) => call(app.app, { method: 'GET', url: `/api${url}`, headers: admin.auth })

/**
 * The state route at every version of the log: each answers, and at each version a command (or a timer) left it
 * at, the fold and every seat's screen equal the live capture. Answers the last version.
 */
async function compareEveryVersion(t: Test): Promise<number> {
  const last = captures[captures.length - 1].version
  const byVersion = new Map(captures.map((c) => [c.version, c]))
  let compared = 0
  for (let version = 1; version <= last; version += 1) {
    const answer = await adminGet(`/admin/sessions/${code}/state?version=${version}`)
    t.equal(answer.status, 200, `version ${version} answers`)
    t.equal(answer.json.state.version, version)
    const seen = byVersion.get(version)
    if (!seen) continue
    compared += 1
    t.same(answer.json.state, seen.state, `v${version}: the fold equals the live state`)
    t.same(new Set(answer.json.views.map((view: { userId: number }) => view.userId)), new Set(seen.views.keys()), `v${version}: the same people in the room`)
    for (const view of answer.json.views) t.same(view.session, seen.views.get(view.userId), `v${version}: ${view.name}'s screen`)
  }
  t.equal(compared, new Set(captures.map((c) => c.version)).size, 'every live capture was compared')
  return last
}

t.test(`every version's state and role views equal the live server's (${databaseKind()})`, async (t) => {
  follow([doctor, patient, observer])
  await step('create', doctor, 'POST', '/sessions', { title: 'Dispute', selectedTopics: ['Cardiology'] })
  await step('configure', doctor, 'POST', `/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
  await step('patient joins', patient, 'POST', `/sessions/${code}/join-with-role`, { role: 'patient' })
  await step('observer joins', observer, 'POST', `/sessions/${code}/join-with-role`, { role: 'observer' })
  const startedAt = clock.now()
  await step('start', doctor, 'POST', `/sessions/${code}/start`)
  // Edited mid-session: the room plays the version it drew (issue 35), and so does the replay.
  await editCase(db, firstCase, { patientNotes: 'EDITED SCRIPT' })
  // The reading runs out by itself at its deadline.
  await clock.armedAt(startedAt + 2 * 60_000)
  await clock.advance(2 * 60_000)
  await capture('reading ran out')
  await clock.advance(3 * 60_000)
  await step('consultation skipped', doctor, 'POST', `/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await clock.advance(30_000)
  await step('observer scores', observer, 'POST', '/feedback/submit', { sessionCode: code, comment: 'Clear', criteriaScores: scores() })
  await clock.advance(30_000)
  await step('patient scores and rotates', patient, 'POST', '/feedback/submit', { sessionCode: code, comment: 'Kind', criteriaScores: scores(2, 1), requestSeatRotation: true })
  // Round 2: the patient is the doctor, the observer the patient, the doctor the observer.
  await step('round 2 started by its doctor', patient, 'POST', `/sessions/${code}/start`)
  await clock.advance(10_000)
  await step('round 2 reading skipped', patient, 'POST', `/sessions/${code}/skip-phase`, { phase: 'READING' })
  await clock.advance(60_000)
  await step('round 2 consultation skipped', patient, 'POST', `/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await step('new patient scores', observer, 'POST', '/feedback/submit', { sessionCode: code, comment: 'Good', criteriaScores: scores() })
  await step('new observer scores', doctor, 'POST', '/feedback/submit', { sessionCode: code, comment: 'Fine', criteriaScores: scores(1, 1) })
  await step('the doctor ends', patient, 'POST', `/sessions/${code}/end`)

  const last = await compareEveryVersion(t)
  t.ok(captures.some((c) => (c.state as { phase: string }).phase === 'READING') && captures.some((c) => (c.state as { status: string }).status === 'COMPLETED'))

  // The moment the consultation began: the patient's script as the room drew it (version 1), not the edit.
  const timeline = await adminGet(`/admin/sessions/${code}/timeline`)
  t.equal(timeline.status, 200)
  t.equal(timeline.json.entries.length, last)
  const consultation = timeline.json.entries.find((e: { type: string; payload: { phase?: string } }) => e.type === 'PhaseStarted' && e.payload.phase === 'CONSULTATION')
  const then = await adminGet(`/admin/sessions/${code}/state?version=${consultation.version}`)
  const patientsScreen = then.json.views.find((view: { userId: number }) => view.userId === patient.id)
  t.equal(patientsScreen.role, 'PATIENT')
  t.match(patientsScreen.session.selectedCase.patientNotes, /^PATIENT-SCRIPT-SECRET/)
  t.equal(then.json.caseVersion.version, 1, 'the case version played')
  t.notOk(JSON.stringify(then.json.views.find((view: { userId: number }) => view.userId === doctor.id)).includes('PATIENT-SCRIPT-SECRET'), "the doctor's screen had no script")

  // Sentences, phases after, deadlines against when the next phase actually began.
  const sentences = timeline.json.entries.map((e: { sentence: string }) => e.sentence)
  t.ok(sentences.includes('Pat Patient took the patient seat'))
  t.ok(sentences.includes('Reading started: 2:00'))
  t.ok(sentences.includes('Pat Patient submitted feedback: 3/8'))
  t.ok(sentences.some((s: string) => s.startsWith('Seats rotated: Pat Patient is now the doctor, Olly Observer the patient, Dora Doctor the observer')))
  const readings = timeline.json.entries.filter((e: { deadline: unknown; phaseAfter: string }) => e.deadline && e.phaseAfter === 'READING')
  t.same([readings[0].deadline.differenceMs, readings[0].deadline.deadline], [0, new Date(startedAt + 120_000).toISOString()], 'the first reading ended at its deadline')
  t.equal(readings[1].deadline.differenceMs, 10_000 - 120_000, 'the second reading was skipped 110 s early')
  t.equal(consultation.deadline.differenceMs, 3 * 60_000 - 8 * 60_000, 'the consultation was skipped 5 minutes early')
  t.equal(consultation.msFromStart, consultation.payload.at - timeline.json.entries[0].payload.at)
  t.equal(consultation.happenedAt, new Date(consultation.payload.at).toISOString(), "happenedAt: the event's own time, the rules' clock")
  t.same(roundsPlayed(timeline.json.entries), [1, 2], 'both rounds played')

  const feedback = (await adminGet(`/admin/sessions/${code}/state?version=${last}`)).json.feedbackSoFar
  t.same(feedback.map((f: { from: { name: string }; to: { name: string }; score: string }) => [f.from.name, f.to.name, f.score]), [
    ['Olly Observer', 'Dora Doctor', '5/8'],
    ['Pat Patient', 'Dora Doctor', '3/8'],
    ['Olly Observer', 'Pat Patient', '5/8'],
    ['Dora Doctor', 'Pat Patient', '2/8'],
  ])
})

/** The phase clock's deadline `ms` from now is armed by the server, then reached: the circuit moves by itself. */
async function ring(what: string, ms: number) {
  await clock.armedAt(clock.now() + ms)
  await clock.advance(ms)
  await capture(what)
}

t.test(`a mock circuit, paused and resumed, replays as it ran (${databaseKind()})`, async (t) => {
  const players = await threeUsers(app)
  follow([players.doctor, players.patient, players.observer])
  const circuit = { stations: 4, restStations: 1, changeoverSeconds: 60, candidate: 'ONE' }
  const settings = { selectedTopics: ['Random'], readingTime: 1.5, consultationTime: 8, circuit }
  await step('create', players.doctor, 'POST', '/sessions', { title: 'Mock', ...settings })
  await step('configure', players.doctor, 'POST', `/sessions/${code}/configure`, { sessionType: 'TOPIC', timingType: 'COUNTDOWN', ...settings })
  await step('patient joins', players.patient, 'POST', `/sessions/${code}/join-with-role`, { role: 'patient' })
  await step('observer joins', players.observer, 'POST', `/sessions/${code}/join-with-role`, { role: 'observer' })
  await step('start', players.doctor, 'POST', `/sessions/${code}/start`)
  await ring('station 1 consultation', 90_000)
  await ring('station 1 change-over', 480_000)
  await step('examiner marks', players.observer, 'POST', '/feedback/submit', { sessionCode: code, comment: 'Clear', criteriaScores: scores(), requestNewCase: false })
  await ring('station 2 reading', 60_000)
  await ring('station 2 consultation', 90_000)
  await clock.advance(60_000)
  await step('pause', players.doctor, 'POST', `/sessions/${code}/circuit/pause`, { reason: 'The patient lost their connection' })
  await clock.advance(10 * 60_000)
  await step('resume', players.doctor, 'POST', `/sessions/${code}/circuit/resume`)
  await ring('station 2 change-over', 420_000)
  await ring('the rest station', 60_000)
  t.equal((captures[captures.length - 1].state as { phase: string }).phase, 'WAITING')
  await ring('station 3 reading', 630_000)
  await step('the host ends', players.doctor, 'POST', `/sessions/${code}/end`)
  const last = await compareEveryVersion(t)
  const timeline = await adminGet(`/admin/sessions/${code}/timeline`)
  const sentences = timeline.json.entries.map((e: { sentence: string }) => e.sentence)
  t.equal(sentences.length, last)
  t.ok(sentences.includes('The mock exam was paused with 7:00 left: The patient lost their connection'))
  t.ok(sentences.includes('The mock exam resumed'))

  // Station 2's consultation was paused 10 minutes, then its timer ended it: on time, by the clock as resumed.
  const consultations = timeline.json.entries.filter((e: { deadline: { phase: string } | null }) => e.deadline?.phase === 'CONSULTATION')
  t.same(consultations.map((e: { deadline: { differenceMs: number } }) => e.deadline.differenceMs), [0, 0], 'each consultation ended at its deadline')
  // The rest station came after station 2's change-over, before station 3's case: round 2's summary leaves it out.
  type Entry = { type: string; payload: { round?: number; phase?: string }; deadline: object | null }
  const entries: Entry[] = timeline.json.entries
  const rest = entries.findIndex((e) => e.type === 'PhaseStarted' && e.payload.phase === 'WAITING' && e.deadline !== null)
  const assignedAt = (round: number) => entries.findIndex((e) => e.type === 'CaseAssigned' && e.payload.round === round)
  t.ok(assignedAt(2) < rest && rest < assignedAt(3), 'the rest station falls in round 2 of the log')
  t.same(roundsPlayed(entries), [1, 2, 3])
  const summary = (await adminGet(`/admin/sessions/${code}/rounds/2/summary`)).json
  t.same(
    summary.phases.map((p: { phase: string; differenceMs: number }) => [p.phase, p.differenceMs]),
    [['READING', 0], ['CONSULTATION', 0], ['FEEDBACK', 0]],
    "the round's own phases, each ended by its timer: no rest station, no pause read as lateness",
  )
})
