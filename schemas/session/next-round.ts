/**
 * What follows a case's feedback (issue 29). Each scorer submits and may ask for the next case (seats as they
 * are, the patient and doctor swapped, or every seat moved on); nothing moves until everyone who watched the
 * consultation has scored, closed or left, so nobody's marks depend on the order of the clicks. Then the
 * requests are carried out together, and the next round opens with its clock held until every seat is in the
 * room (or the doctor starts it knowingly: phase-rules.ts, decideStart).
 */
import { caseAssigned, chooseNextCase } from './case-selection.ts'
import { evolve } from './evolve.ts'
import { ALL_COMPLETED, casesRanOut, everyoneCompleted, readingStarted, sessionEnded } from './next-case.ts'
import { activeParticipant, activeParticipants, activeWithRole } from './participants.ts'
import { rotatedSeats, seatsRotatable } from './seat-rotation.ts'
import type { DecisionContext, NextRoundRequest, Participant, SessionEvent, SessionRole, SessionState } from './types.ts'

type Seating = Pick<Participant, 'role' | 'joinedAfterConsultation' | 'hasGivenFeedback' | 'hasCompleted'>

/** Who scores this round: the patients and observers who watched the consultation (a later arrival saw nothing). */
export function scorersOf<P extends Pick<Seating, 'role' | 'joinedAfterConsultation'>>(participants: readonly P[]): P[] {
  return participants.filter((p) => p.role !== 'DOCTOR' && !p.joinedAfterConsultation)
}

/** Who the round still waits for: a scorer who has neither scored nor closed. */
export function stillScoring<P extends Seating>(participants: readonly P[]): P[] {
  return scorersOf(participants).filter((p) => !p.hasGivenFeedback && !p.hasCompleted)
}

/** The doctor has completed the session (Exit in feedback): no further case starts. */
export const doctorFinished = (participants: ReadonlyArray<Pick<Seating, 'role' | 'hasCompleted'>>): boolean =>
  participants.some((p) => p.role === 'DOCTOR' && p.hasCompleted)

/**
 * What the requests in the room add up to, strongest first: a rotation while three can rotate, else the
 * patient's swap with the doctor, else the next case with the seats as they are. A patient who took the empty
 * seat during the feedback phase came to play, which asks for the next case too.
 */
export function combinedRequest(participants: ReadonlyArray<Pick<Participant, 'role' | 'nextRoundRequest' | 'joinedAfterConsultation'>>): NextRoundRequest | null {
  const asked = participants.map((p) => p.nextRoundRequest)
  if (asked.includes('SEAT_ROTATION') && seatsRotatable(participants.map((p) => p.role))) return 'SEAT_ROTATION'
  if (participants.some((p) => p.role === 'PATIENT' && p.nextRoundRequest === 'ROLE_CHANGE')) return 'ROLE_CHANGE'
  const latePatient = participants.some((p) => p.role === 'PATIENT' && p.joinedAfterConsultation)
  return asked.some((request) => request !== null) || latePatient ? 'NEW_CASE' : null
}

/** The next round is open and waits for its seats: the session has started, and is back in the waiting phase. */
export const awaitingNextRound = (session: Pick<SessionState, 'phase' | 'status'>): boolean =>
  session.phase === 'WAITING' && session.status === 'IN_PROGRESS'

/** Who the next round's clock waits for: everyone in a seat who does not have the room open. */
export function notInRoom<P extends { userId: number }>(participants: readonly P[], inRoom: (userId: number) => boolean): P[] {
  return participants.filter((p) => !inRoom(p.userId))
}

/**
 * After anything that may let the round move on (a feedback, a close, someone joining or leaving): in the
 * feedback phase, the next round once nobody is still scoring; while the next round waits, its reading phase once
 * everyone is in the room.
 */
export function whatFollows(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  // A mock exam moves on by its clock alone (schemas/mock/circuit-rules.ts), whoever has scored or come in. Only
  // its host resumes a pause: once they have left, the clock goes on by itself rather than stay stopped for good.
  if (state.circuit) return state.circuit.paused && !activeParticipant(state, state.hostUserId) ? [{ type: 'CircuitResumed', at: ctx.now }] : []
  if (state.phase === 'FEEDBACK') return afterScoring(state, ctx)
  if (awaitingNextRound(state)) return readingOnceEveryoneIn(state, ctx)
  return []
}

/** The reading phase of the waiting round, if its case is chosen and every seat is in the room; else nothing. */
export function readingOnceEveryoneIn(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  if (state.circuit || state.topicChoicePending || state.caseId === null) return []
  return notInRoom(activeParticipants(state), ctx.inRoom).length === 0 ? [readingStarted(state, ctx)] : []
}

function afterScoring(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  const seated = activeParticipants(state)
  if (stillScoring(seated).length > 0) return []
  const doctor = activeWithRole(state, 'DOCTOR')
  const request = combinedRequest(seated)
  if (request !== null && doctor && !doctorFinished(seated)) return nextRound(state, request, doctor, ctx)
  return everyoneCompleted(state) ? [sessionEnded(ALL_COMPLETED, ctx)] : []
}

/**
 * The seats change as asked, then the next case opens round + 1 in the waiting phase (its reading starts at once
 * when everyone is in the room). When the session's topics have run out, the doctor is asked for another topic
 * while the round waits, or the session ends when nothing is left.
 */
function nextRound(state: SessionState, request: NextRoundRequest, doctor: Participant, ctx: DecisionContext): SessionEvent[] {
  const seats = seatChanges(state, request, doctor, ctx)
  const seated = seats.reduce(evolve, state)
  const held: SessionEvent = { type: 'PhaseStarted', phase: 'WAITING', startTimestamp: ctx.now, durationSeconds: 0, at: ctx.now }
  const caseId = chooseNextCase(seated, ctx, { kind: 'continuing' })
  if (caseId === null) {
    const ranOut = casesRanOut(seated, ctx)
    return ranOut[0].type === 'SessionEnded' ? [...seats, ...ranOut] : [...seats, held, ...ranOut]
  }
  const assigned = caseAssigned(caseId, state.currentRound + 1, ctx)
  const opened = [assigned, held].reduce(evolve, seated)
  const reading = readingOnceEveryoneIn(opened, ctx)
  return [...seats, assigned, ...(reading.length > 0 ? reading : [held])]
}

function seatChanges(state: SessionState, request: NextRoundRequest, doctor: Participant, ctx: DecisionContext): SessionEvent[] {
  if (request === 'SEAT_ROTATION') {
    const rotated = rotatedSeats(activeParticipants(state))
    const seatOf = (role: SessionRole) => rotated.find((p) => p.role === role)!.userId
    return [{ type: 'SeatsRotated', newDoctorUserId: seatOf('DOCTOR'), newPatientUserId: seatOf('PATIENT'), newObserverUserId: seatOf('OBSERVER'), at: ctx.now }]
  }
  const patient = activeWithRole(state, 'PATIENT')
  if (request === 'ROLE_CHANGE' && patient) {
    return [{ type: 'RolesSwapped', newDoctorUserId: patient.userId, newPatientUserId: doctor.userId, at: ctx.now }]
  }
  return []
}
