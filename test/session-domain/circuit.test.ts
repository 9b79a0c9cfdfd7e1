/**
 * A mock exam's circuit (issue 33) on the shared session machine, on an injected clock: it runs by itself to the
 * second, rests where the schedule puts them, moves the seats on when each member takes a turn, pauses and resumes
 * with a reason, and refuses the buttons that would move a session on by hand.
 */
import t from 'tap'
import { CIRCUIT_COMPLETE, NOT_PAUSED } from '../../schemas/mock/circuit-rules.ts'
import { circuitSchedule, type Circuit } from '../../schemas/mock/circuit.ts'
import { circuitView } from '../../schemas/mock/circuit-view.ts'
import { resultSheet } from '../../schemas/mock/result-sheet.ts'
import { deadlineOf } from '../../schemas/session/clock.ts'
import type { CaseSummary, SessionConfig, SessionEvent } from '../../schemas/session/index.ts'
import type { StationType } from '../../schemas/station/station.ts'
import { DEFAULT_CONFIG, feedback, HOST, OBSERVER, PATIENT, refused, created, type Session } from './fixtures.ts'

const TYPES: StationType[] = ['HISTORY', 'EXAMINATION', 'EXPLANATION', 'TELEPHONE']
const TOPICS = ['Cardiology', 'Respiratory', 'Neurology', 'Dermatology', 'Surgery']
/** Twenty stations: four types, five topics, ids out of order. */
const BANK: CaseSummary[] = Array.from({ length: 20 }, (_, index) => ({
  id: 100 + ((index * 7) % 20),
  categoryName: TOPICS[index % TOPICS.length],
  recallDates: [],
  stationType: TYPES[index % TYPES.length],
  mlaAreas: [],
}))

const mockConfig = (circuit: Partial<Circuit> = {}): SessionConfig => ({
  ...DEFAULT_CONFIG,
  readingTime: 1.5,
  consultationTime: 8,
  circuit: { stations: 16, restStations: 2, changeoverSeconds: 60, candidate: 'ONE', ...circuit },
})

function mockOfThree(circuit: Partial<Circuit> = {}): Session {
  const session = created()
  session.catalog = BANK
  return session
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'Configure', config: mockConfig(circuit) }, HOST)
}

/** The server's timer: at the running clock's deadline exactly, its expiry. */
function ringAtDeadline(session: Session): SessionEvent[] {
  const { timer } = session.state
  if (!timer) throw new Error('no clock running')
  session.now = deadlineOf(timer)
  const before = session.events.length
  session.run({ type: 'ExpireTimer', phase: timer.phase, startTimestamp: timer.startTimestamp }, HOST)
  return session.events.slice(before)
}

t.test('a 16-station mock with two rests runs by itself, every phase starting at the second the last one ended', async (t) => {
  const session = mockOfThree().run({ type: 'Start' }, HOST)
  const startedAt = session.now
  const phases: Array<[string, number]> = [['READING', 90]]
  while (session.state.status !== 'COMPLETED') {
    const { timer } = session.state
    // A second early, the expiry is a no-op: the clock is the server's, to the second.
    session.now = deadlineOf(timer!) - 1000
    session.run({ type: 'ExpireTimer', phase: timer!.phase, startTimestamp: timer!.startTimestamp }, HOST)
    t.equal(session.state.timer?.startTimestamp, timer!.startTimestamp, 'nothing moves before the deadline')
    const deadline = deadlineOf(timer!)
    for (const event of ringAtDeadline(session)) {
      if (event.type === 'PhaseStarted') {
        t.equal(event.startTimestamp, deadline, `${event.phase} starts at the deadline`)
        phases.push([event.phase, event.durationSeconds])
      }
      if (event.type === 'SessionEnded') t.equal(event.reason, CIRCUIT_COMPLETE)
    }
  }
  const station: Array<[string, number]> = [['READING', 90], ['CONSULTATION', 480], ['FEEDBACK', 60]]
  const expected = circuitSchedule({ stations: 16, restStations: 2 }).flatMap((slot) => (slot === 'REST' ? [['WAITING', 630] as [string, number]] : station))
  t.same(phases, expected, 'reading 1.5 min, station 8 min, change-over 1 min; rests of a whole station after the 5th and 11th')
  const total = expected.reduce((sum, [, seconds]) => sum + seconds, 0)
  t.equal(total, 16 * 630 + 2 * 630)
  t.equal(session.now - startedAt, total * 1000, 'the circuit ends exactly when its schedule says')
  const cases = session.events.flatMap((event) => (event.type === 'CaseAssigned' ? [event.caseId] : []))
  t.equal(new Set(cases).size, 16, 'sixteen different stations')
  const types = cases.slice(0, 4).map((id) => BANK.find((c) => c.id === id)!.stationType)
  t.equal(new Set(types).size, 4, 'the first four stations are of four different types, as an exam mixes them')
  t.same(session.state.participants.find((p) => p.role === 'DOCTOR')?.userId, HOST.userId, 'one candidate throughout')
  t.same(circuitView(session.state)?.stationNumber, 16)
})

t.test('each member in turn: the seats move on at every station, with the notes of the last one left behind', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 0, candidate: 'EACH_IN_TURN' }).run({ type: 'Start' }, HOST)
  const doctors = [session.state.participants.find((p) => p.role === 'DOCTOR')!.userId]
  while (session.state.status !== 'COMPLETED') {
    const events = ringAtDeadline(session)
    if (events.some((event) => event.type === 'CaseAssigned')) doctors.push(session.state.participants.find((p) => p.role === 'DOCTOR')!.userId)
  }
  t.same(doctors, [HOST.userId, PATIENT.userId, OBSERVER.userId, HOST.userId], 'patient -> doctor -> observer -> patient, as rotation moves seats')
})

t.test('feedback during the change-over is kept, and moves nothing: the clock does', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 0 }).run({ type: 'Start' }, HOST)
  ringAtDeadline(session)
  ringAtDeadline(session)
  t.equal(session.state.phase, 'FEEDBACK')
  session.run(feedback({ requestNewCase: true }), PATIENT).run(feedback(), OBSERVER).run({ type: 'Complete' }, HOST)
  t.equal(session.state.phase, 'FEEDBACK', 'everyone has scored and closed, and the change-over still runs')
  t.same(ringAtDeadline(session).map((event) => event.type), ['CaseAssigned', 'PhaseStarted'])
})

t.test('the host pauses with a reason and resumes; the clock goes on from where it stopped', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 0 }).run({ type: 'Start' }, HOST)
  ringAtDeadline(session)
  const consultation = session.state.timer!
  session.after(3 * 60_000)
  refused(t, session, { type: 'PauseCircuit', reason: 'Doorbell' }, PATIENT, 403, 'Only the host can pause or resume the mock exam')
  refused(t, session, { type: 'ResumeCircuit' }, HOST, 409, NOT_PAUSED)
  session.run({ type: 'PauseCircuit', reason: 'The patient lost their connection' }, HOST)
  t.same(session.events.at(-1), { type: 'CircuitPaused', reason: 'The patient lost their connection', remainingSeconds: 300, at: session.now }, 'the log keeps why, and what was left')
  t.equal(session.state.timer, null, 'no clock runs while paused')
  session.now = deadlineOf(consultation)
  t.same(session.when({ type: 'ExpireTimer', phase: 'CONSULTATION', startTimestamp: consultation.startTimestamp }, HOST), [], 'the old deadline passes without effect')
  session.after(10 * 60_000).run({ type: 'ResumeCircuit' }, HOST)
  const resumed = session.state.timer!
  t.equal(deadlineOf(resumed), session.now + 300_000, 'five minutes left after the resume, as before the pause')
  t.equal(resumed.durationSeconds, 480, 'the station keeps its length')
  t.same(ringAtDeadline(session).map((event) => event.type === 'PhaseStarted' && event.phase), ['FEEDBACK'])
})

t.test('nobody moves a mock exam on by hand', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 1 }).run({ type: 'Start' }, HOST)
  refused(t, session, { type: 'SkipPhase' }, HOST, 409, 'Nothing to skip in this phase')
  refused(t, session, { type: 'NewCase' }, HOST, 409, 'A new case can only be chosen before the consultation starts')
  ringAtDeadline(session)
  ringAtDeadline(session)
  ringAtDeadline(session)
  ringAtDeadline(session)
  ringAtDeadline(session)
  ringAtDeadline(session)
  t.equal(session.state.phase, 'WAITING', 'a rest station after the second of four')
  t.ok(session.state.timer, 'with its own clock')
  refused(t, session, { type: 'Start' }, HOST, 409, 'The session has already started')
})

t.test('a mock exam needs as many cases as stations', async (t) => {
  const session = created()
  session.catalog = BANK.slice(0, 5)
  refused(t, session, { type: 'Configure', config: mockConfig({ stations: 6 }) }, HOST, 400, 'Only 5 cases can be drawn for this mock exam: choose at most 5 stations, or fewer filters')
})

t.test('stations the candidate played before come after those they have not', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 0 })
  const firstDraw = session.state.caseId!
  const again = created()
  again.catalog = BANK
  const played = new Set(BANK.map((c) => c.id).filter((id) => id !== 119))
  again.context = function () {
    return { ...Object.getPrototypeOf(this).context.call(this), playedBefore: () => played }
  }
  again.run({ type: 'Configure', config: mockConfig({ stations: 4, restStations: 0 }) }, HOST)
  t.equal(again.state.caseId, 119, 'the one case not played before is drawn first')
  t.not(firstDraw, null)
})

t.test('a session set up first as practice and then as a mock is held to the same rules, and its sheet counts its stations', async (t) => {
  const few = created()
  few.catalog = BANK.slice(0, 6)
  few.run({ type: 'Configure', config: DEFAULT_CONFIG }, HOST)
  refused(t, few, { type: 'Configure', config: mockConfig({ stations: 16 }) }, HOST, 400, 'Only 6 cases can be drawn for this mock exam: choose at most 6 stations, or fewer filters')
  const session = mockOfThree()
  session.run({ type: 'Configure', config: DEFAULT_CONFIG }, HOST).run({ type: 'Configure', config: mockConfig({ stations: 4, restStations: 0 }) }, HOST).run({ type: 'Start' }, HOST)
  while (session.state.status !== 'COMPLETED') ringAtDeadline(session)
  t.equal(resultSheet(session.events, HOST.userId, new Map(), new Map(BANK.map((c) => [c.id, { value: 7, method: 'DEFAULT' as const, marks: 0 }])))?.stations.length, 4)
})

t.test('a pause the host leaves behind does not stop the circuit for good', async (t) => {
  // Each in turn: by the second station the host sits as the observer, so their leaving does not end the session.
  const session = mockOfThree({ stations: 4, restStations: 0, candidate: 'EACH_IN_TURN' }).run({ type: 'Start' }, HOST)
  ringAtDeadline(session)
  ringAtDeadline(session)
  ringAtDeadline(session)
  t.equal(session.state.participants.find((p) => p.userId === HOST.userId)?.role, 'OBSERVER')
  session.after(30_000).run({ type: 'PauseCircuit', reason: 'Back in a minute' }, HOST)
  session.after(60_000).run({ type: 'Leave', reason: 'OFFLINE_TOO_LONG' }, HOST)
  t.same(session.events.at(-1)?.type, 'CircuitResumed', 'resumed as the host left')
  t.ok(session.state.timer, 'the clock runs again')
})

t.test('each in turn with two: they swap seats at every station', async (t) => {
  const session = created()
  session.catalog = BANK
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER).run({ type: 'Configure', config: mockConfig({ stations: 4, restStations: 0, candidate: 'EACH_IN_TURN' }) }, HOST).run({ type: 'Start' }, HOST)
  const doctors = [session.state.participants.find((p) => p.role === 'DOCTOR')!.userId]
  while (session.state.status !== 'COMPLETED') {
    if (ringAtDeadline(session).some((event) => event.type === 'CaseAssigned')) doctors.push(session.state.participants.find((p) => p.role === 'DOCTOR')!.userId)
  }
  t.same(doctors, [HOST.userId, OBSERVER.userId, HOST.userId, OBSERVER.userId])
})

t.test('a mock ended early has no overall result', async (t) => {
  const session = mockOfThree({ stations: 4, restStations: 0 }).run({ type: 'Start' }, HOST)
  ringAtDeadline(session)
  session.run({ type: 'End' }, HOST)
  const sheet = resultSheet(session.events, HOST.userId, new Map(), new Map(BANK.map((c) => [c.id, { value: 0, method: 'DEFAULT' as const, marks: 0 }])))!
  t.same([sheet.stations.length, sheet.complete, sheet.passed], [1, false, false], 'even against a pass mark of 0')
})
