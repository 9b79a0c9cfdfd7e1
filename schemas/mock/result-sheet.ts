import * as v from 'valibot'
import { DOMAINS, FEEDBACK_AREAS, type Domain, type FeedbackArea } from '../marking.ts'
import { evolve } from '../session/evolve.ts'
import { GRADES, MAX_STATION_SCORE, stationResult } from '../session/station-result.ts'
import type { SessionEvent, SessionState } from '../session/types.ts'
import { STATION_TYPES, type StationType } from '../station/station.ts'
import { CIRCUIT_COMPLETE } from './circuit-rules.ts'
import { PassMarkSchema, type PassMark } from './pass-marks.ts'

/**
 * A mock exam's result sheet (issue 33), shaped like the one the GMC sends (../shared/PLAB2.md): per station the
 * domain grades, the score out of 12 against the station's pass mark, passed or not, and the feedback areas;
 * overall the total against the required score, the stations passed against the number required, and the domain
 * totals. Read from the session's event log alone (and the pass marks and case titles beside it), so a replay
 * computes the same sheet.
 */

/**
 * Stations to pass: the exam asked 10 of 16 before November 2024 (it is now set per exam); a shorter circuit asks
 * the same share, rounded up.
 */
export const stationsRequired = (stations: number) => Math.ceil((stations * 10) / 16)

const StationRowSchema = v.object({
  station: v.number(),
  round: v.number(),
  caseId: v.number(),
  caseTitle: v.string(),
  stationType: v.nullable(v.picklist(STATION_TYPES)),
  /** NOT_MARKED: nobody marked it before the next station began (a candidate away, an examiner too slow); it scores 0. */
  outcome: v.picklist(['MARKED', 'NOT_MARKED']),
  /** Whose marks count: the examiner's (the observer's), else the patient's when no examiner marked in time. */
  markedBy: v.nullable(v.picklist(['EXAMINER', 'PATIENT'])),
  grades: v.array(v.object({ domain: v.picklist(DOMAINS), grade: v.nullable(v.picklist(GRADES)), points: v.number() })),
  score: v.number(),
  passMark: PassMarkSchema,
  passed: v.boolean(),
  feedbackAreas: v.array(v.picklist(FEEDBACK_AREAS)),
  /** The patient's own score beside the examiner's, when both marked. */
  patientScore: v.nullable(v.number()),
})
export type StationRow = v.InferOutput<typeof StationRowSchema>

export const ResultSheetSchema = v.object({
  sessionCode: v.string(),
  candidateUserId: v.number(),
  candidateName: v.string(),
  /** Epoch ms of the circuit's start and end. */
  startedAt: v.number(),
  endedAt: v.nullable(v.number()),
  stations: v.array(StationRowSchema),
  totalScore: v.number(),
  maxScore: v.number(),
  requiredScore: v.number(),
  stationsPassed: v.number(),
  stationsRequired: v.number(),
  domainTotals: v.array(v.object({ domain: v.picklist(DOMAINS), points: v.number(), max: v.number() })),
  /** The circuit ran to its last station; a circuit ended early gives no overall result. */
  complete: v.boolean(),
  /** Why the session ended, for a circuit ended early. */
  endedReason: v.nullable(v.string()),
  passed: v.boolean(),
})
export type ResultSheet = v.InferOutput<typeof ResultSheetSchema>

/**
 * The sheet as a private link shows it (issue 33): what the candidate chose to share, nothing that names the
 * session, their account or the bank's records (the answer's schema drops the rest).
 */
export const SharedResultSheetSchema = v.object({
  ...v.omit(ResultSheetSchema, ['sessionCode', 'candidateUserId', 'stations']).entries,
  stations: v.array(v.omit(StationRowSchema, ['caseId', 'round'])),
})
export type SharedResultSheet = v.InferOutput<typeof SharedResultSheetSchema>

/** A finished mock exam on the Progress page: the sheet's overall lines. */
export const MockExamSummarySchema = v.object({
  sessionCode: v.string(),
  startedAt: v.number(),
  stations: v.number(),
  totalScore: v.number(),
  maxScore: v.number(),
  requiredScore: v.number(),
  stationsPassed: v.number(),
  stationsRequired: v.number(),
  complete: v.boolean(),
  passed: v.boolean(),
})
export type MockExamSummary = v.InferOutput<typeof MockExamSummarySchema>

export interface CaseFacts {
  title: string
  stationType: StationType | null
}

interface PlayedStation {
  station: number
  round: number
  caseId: number
  /** Who sat as the doctor when its reading began (null if nobody did). */
  doctor: { userId: number; name: string } | null
  marks: Array<Extract<SessionEvent, { type: 'FeedbackSubmitted' }>>
}

/**
 * The stations of the circuit in order: each begins with a reading phase, on the case and round the session then
 * holds (however that case was assigned before the start), with who sat as the candidate and the marks given on it.
 */
function playedStations(events: readonly SessionEvent[]): { stations: PlayedStation[]; state: SessionState | null; startedAt: number; endedAt: number | null } {
  const stations: PlayedStation[] = []
  let state: SessionState | null = null
  let startedAt = 0
  let endedAt: number | null = null
  for (const event of events) {
    state = evolve(state, event)
    if (event.type === 'PhaseStarted' && event.phase === 'READING' && state.circuit && state.caseId !== null) {
      if (startedAt === 0) startedAt = event.at
      const doctor = state.participants.find((p) => p.active && p.role === 'DOCTOR')
      stations.push({ station: stations.length + 1, round: state.currentRound, caseId: state.caseId, doctor: doctor ? { userId: doctor.userId, name: doctor.name } : null, marks: [] })
    }
    if (event.type === 'FeedbackSubmitted') stations.find((s) => s.round === event.round && s.caseId === event.caseId)?.marks.push(event)
    if (event.type === 'SessionEnded') endedAt = event.at
  }
  return { stations, state, startedAt, endedAt }
}

/** Every candidate of the circuit: whoever sat as the doctor at the start of any station. */
export function candidatesOf(events: readonly SessionEvent[]): Array<{ userId: number; name: string }> {
  const seen = new Map<number, string>()
  for (const station of playedStations(events).stations) if (station.doctor) seen.set(station.doctor.userId, station.doctor.name)
  return [...seen].map(([userId, name]) => ({ userId, name }))
}

/** The sheet of one candidate: every station where they sat as the doctor. */
export function resultSheet(
  events: readonly SessionEvent[],
  candidateUserId: number,
  cases: ReadonlyMap<number, CaseFacts>,
  passMarks: ReadonlyMap<number, PassMark>,
): ResultSheet | null {
  const { stations, state, startedAt, endedAt } = playedStations(events)
  const circuit = state?.config.circuit
  if (!state || !circuit) return null
  // The stations the candidate sat in the doctor's seat: every one for one candidate, their turns for each in turn.
  const mine = stations.filter((s) => s.doctor?.userId === candidateUserId)
  if (mine.length === 0) return null
  const rows = mine.map((played, index) => stationRow({ ...played, station: index + 1 }, cases, passMarks))
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100
  const totalScore = sum(rows.map((row) => row.score))
  const requiredScore = sum(rows.map((row) => row.passMark.value))
  const stationsPassed = rows.filter((row) => row.passed).length
  const required = stationsRequired(rows.length)
  const candidateName = mine[0].doctor!.name
  const complete = state.endedReason === CIRCUIT_COMPLETE
  return {
    sessionCode: state.code,
    candidateUserId,
    candidateName,
    startedAt,
    endedAt,
    stations: rows,
    totalScore,
    maxScore: rows.length * MAX_STATION_SCORE,
    requiredScore,
    stationsPassed,
    stationsRequired: required,
    domainTotals: DOMAINS.map((domain) => ({ domain, points: sum(rows.map((row) => row.grades.find((g) => g.domain === domain)!.points)), max: rows.length * 4 })),
    complete,
    endedReason: state.endedReason,
    passed: complete && totalScore >= requiredScore && stationsPassed >= required,
  }
}

function stationRow(played: PlayedStation, cases: ReadonlyMap<number, CaseFacts>, passMarks: ReadonlyMap<number, PassMark>): StationRow {
  const facts = cases.get(played.caseId)
  const passMark = passMarks.get(played.caseId)!
  const examiner = played.marks.findLast((mark) => mark.fromRole === 'OBSERVER')
  const patient = played.marks.findLast((mark) => mark.fromRole === 'PATIENT')
  const counted = examiner ?? patient
  const result = counted ? stationResult(counted.criteriaScores) : null
  const grades = DOMAINS.map((domain: Domain) => {
    const score = result?.domainScores.find((d) => d.domain === domain)
    return { domain, grade: score?.grade ?? null, points: score?.points ?? 0 }
  })
  // A domain left ungraded counts 0, as an exam domain not marked would.
  const score = grades.reduce((sum, grade) => sum + grade.points, 0)
  return {
    station: played.station,
    round: played.round,
    caseId: played.caseId,
    caseTitle: facts?.title ?? 'A case no longer in the bank',
    stationType: facts?.stationType ?? null,
    outcome: counted ? 'MARKED' : 'NOT_MARKED',
    markedBy: !counted ? null : examiner ? 'EXAMINER' : 'PATIENT',
    grades,
    score,
    passMark,
    passed: counted !== undefined && score >= passMark.value,
    feedbackAreas: counted ? FEEDBACK_AREAS.filter((area: FeedbackArea) => counted.feedbackAreas?.includes(area)) : [],
    patientScore: examiner && patient ? stationResult(patient.criteriaScores).domainScores.reduce((sum, d) => sum + (d.points ?? 0), 0) : null,
  }
}
