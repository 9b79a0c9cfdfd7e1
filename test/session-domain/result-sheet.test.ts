/**
 * A mock exam's result sheet (issue 33), computed from the event log of a circuit played through the decider, and
 * checked against the marks given, worked out here by hand.
 */
import t from 'tap'
import type { FeedbackArea, GlobalJudgement } from '../../schemas/marking.ts'
import type { Circuit } from '../../schemas/mock/circuit.ts'
import type { PassMark } from '../../schemas/mock/pass-marks.ts'
import { candidatesOf, resultSheet, stationsRequired, type CaseFacts } from '../../schemas/mock/result-sheet.ts'
import { deadlineOf } from '../../schemas/session/clock.ts'
import type { Actor, CaseSummary, CriterionScore, CriterionShape, DecisionContext } from '../../schemas/session/index.ts'
import { DEFAULT_CONFIG, HOST, OBSERVER, PATIENT, Session } from './fixtures.ts'

const BANK: CaseSummary[] = [1, 2, 3, 4, 5, 6].map((id) => ({ id, categoryName: `Topic ${id}`, recallDates: [], stationType: 'HISTORY', mlaAreas: [] }))
const CASES = new Map<number, CaseFacts>(BANK.map((c) => [c.id, { title: `Case ${c.id}`, stationType: 'HISTORY' }]))
/** One checklist item per domain: its score is the domain's grade points. */
const CRITERIA: CriterionShape[] = [
  { id: 'dg', name: 'History', domain: 'DATA_GATHERING', subCriteria: [] },
  { id: 'cm', name: 'Plan', domain: 'CLINICAL_MANAGEMENT', subCriteria: [] },
  { id: 'ip', name: 'Rapport', domain: 'INTERPERSONAL', subCriteria: [] },
]
const graded = ([dg, cm, ip]: [number, number, number]): CriterionScore[] =>
  CRITERIA.map((criterion, index) => ({ criterionId: criterion.id, criterionName: criterion.name, score: [dg, cm, ip][index], subScores: [] }))

class Circuit4 extends Session {
  override context(): DecisionContext {
    return { ...super.context(), catalog: BANK, currentCriteria: CRITERIA }
  }
}

function mock(circuit: Partial<Circuit>): Session {
  const session = new Circuit4()
  const config = { ...DEFAULT_CONFIG, readingTime: 1.5, consultationTime: 8, circuit: { stations: 4, restStations: 0, changeoverSeconds: 60 as const, candidate: 'ONE' as const, ...circuit } }
  return session
    .run({ type: 'Create', sessionId: 5, code: 'MOCK-0001', title: 'Mock', config }, HOST)
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'Configure', config }, HOST)
    .run({ type: 'Start' }, HOST)
}

/** To the change-over of the current station, by the clock. */
function toChangeover(session: Session) {
  for (const phase of ['READING', 'CONSULTATION']) {
    const timer = session.state.timer!
    if (timer.phase !== phase) throw new Error(`expected ${phase}, in ${timer.phase}`)
    session.now = deadlineOf(timer)
    session.run({ type: 'ExpireTimer', phase: timer.phase, startTimestamp: timer.startTimestamp }, HOST)
  }
}
function nextStation(session: Session) {
  const timer = session.state.timer!
  session.now = deadlineOf(timer)
  session.run({ type: 'ExpireTimer', phase: timer.phase, startTimestamp: timer.startTimestamp }, HOST)
}
const mark = (points: [number, number, number], judgement: GlobalJudgement, areas: FeedbackArea[] = []) => ({
  type: 'SubmitFeedback' as const,
  comment: '',
  criteriaScores: graded(points),
  requestNewCase: false,
  requestRoleChange: false,
  requestSeatRotation: false,
  marking: { globalJudgement: judgement, feedbackAreas: areas },
})
const passMarks = (values: Record<number, number>) => new Map<number, PassMark>(BANK.map((c) => [c.id, { value: values[c.id] ?? 7, method: values[c.id] ? 'REGRESSION' : 'DEFAULT', marks: values[c.id] ? 12 : 0 }]))

t.test("one candidate's sheet: every station's grades, score, pass mark and areas, and the totals", async (t) => {
  const session = mock({})
  const given: Array<{ examiner: [number, number, number] | null; patient?: [number, number, number]; areas?: FeedbackArea[] }> = [
    { examiner: [3, 3, 4], patient: [4, 4, 4] },
    { examiner: [1, 2, 1], areas: ['MANAGEMENT', 'TIME'] },
    { examiner: null, patient: [2, 3, 3] },
    { examiner: null },
  ]
  const cases: number[] = []
  for (const [index, station] of given.entries()) {
    cases.push(session.state.caseId!)
    toChangeover(session)
    if (station.patient) session.run(mark(station.patient, 'SATISFACTORY'), PATIENT)
    if (station.examiner) session.run(mark(station.examiner, station.areas ? 'BORDERLINE' : 'GOOD', station.areas ?? []), OBSERVER)
    nextStation(session)
    t.equal(session.state.status, index === 3 ? 'COMPLETED' : 'IN_PROGRESS')
  }
  const marks = passMarks({ [cases[0]]: 8.25, [cases[1]]: 6.5 })
  const sheet = resultSheet(session.events, HOST.userId, CASES, marks)!
  t.same(candidatesOf(session.events), [{ userId: HOST.userId, name: HOST.name }], 'one candidate throughout')
  t.same(
    sheet.stations.map((row) => [row.station, row.caseId, row.outcome, row.markedBy, row.grades.map((g) => g.grade).join(''), row.score, row.passMark.value, row.passed, row.feedbackAreas, row.patientScore]),
    [
      [1, cases[0], 'MARKED', 'EXAMINER', 'BBA', 10, 8.25, true, [], 12],
      [2, cases[1], 'MARKED', 'EXAMINER', 'DCD', 4, 6.5, false, ['MANAGEMENT', 'TIME'], null],
      [3, cases[2], 'MARKED', 'PATIENT', 'CBB', 8, 7, true, [], null],
      [4, cases[3], 'NOT_MARKED', null, '', 0, 7, false, [], null],
    ],
  )
  t.equal(sheet.totalScore, 10 + 4 + 8 + 0)
  t.equal(sheet.maxScore, 48)
  t.equal(sheet.requiredScore, 8.25 + 6.5 + 7 + 7)
  t.same([sheet.stationsPassed, sheet.stationsRequired], [2, stationsRequired(4)])
  t.equal(stationsRequired(4), 3, '10 of 16, the same share of 4, rounded up')
  t.equal(stationsRequired(16), 10)
  t.same(sheet.domainTotals, [
    { domain: 'DATA_GATHERING', points: 3 + 1 + 2, max: 16 },
    { domain: 'CLINICAL_MANAGEMENT', points: 3 + 2 + 3, max: 16 },
    { domain: 'INTERPERSONAL', points: 4 + 1 + 3, max: 16 },
  ])
  t.equal(sheet.passed, false, '22 is below the 28.75 required, and 2 stations of the 3 needed')
  t.equal(resultSheet(session.events, PATIENT.userId, CASES, marks), null, 'the patient was never the candidate')
})

t.test('each member in turn: a sheet each, of the stations they sat', async (t) => {
  const session = mock({ stations: 4, candidate: 'EACH_IN_TURN' })
  const doctors: Actor[] = [HOST, PATIENT, OBSERVER, HOST]
  for (const doctor of doctors) {
    t.equal(session.state.participants.find((p) => p.role === 'DOCTOR')?.userId, doctor.userId)
    toChangeover(session)
    const examiner = [HOST, PATIENT, OBSERVER].find((actor) => session.state.participants.find((p) => p.userId === actor.userId)?.role === 'OBSERVER')!
    session.run(mark([2, 2, 2], 'SATISFACTORY'), examiner)
    nextStation(session)
  }
  t.same(candidatesOf(session.events).map((c) => c.userId), [HOST.userId, PATIENT.userId, OBSERVER.userId])
  t.same(resultSheet(session.events, HOST.userId, CASES, passMarks({}))!.stations.map((row) => [row.station, row.score]), [[1, 6], [2, 6]], 'the host sat stations 1 and 4')
  t.same(resultSheet(session.events, PATIENT.userId, CASES, passMarks({}))!.stations.length, 1)
})
