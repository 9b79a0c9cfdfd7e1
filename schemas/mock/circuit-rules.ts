/**
 * What moves a mock exam on (issue 33): the change-over's or a rest station's clock running out begins the next
 * slot of the circuit, with the seats moved on when each member takes a turn as the candidate; after the last
 * station the session ends. Nobody presses a button: the server's timer issues the expiry (ExpireTimer), and the
 * host may only pause and resume the clock, with a reason the log keeps.
 */
import { candidateCases, caseAssigned } from '../session/case-selection.ts'
import { deadlineOf } from '../session/clock.ts'
import { phaseDurationSeconds } from '../session/config-rules.ts'
import { evolve } from '../session/evolve.ts'
import { readingStarted, sessionEnded } from '../session/next-case.ts'
import { activeParticipants, activeWithRole } from '../session/participants.ts'
import { rotatedSeats, seatsRotatable } from '../session/seat-rotation.ts'
import { SessionRuleError, type CaseSummary, type DecisionContext, type SessionEvent, type SessionState } from '../session/types.ts'
import { CIRCUIT_STATIONS, circuitSchedule, type Circuit } from './circuit.ts'

export const CIRCUIT_COMPLETE = 'The mock exam is over: your result sheet is ready'
export const CIRCUIT_OUT_OF_CASES = 'The mock exam ended early: the case bank has no further station to draw'
export const ALREADY_PAUSED = 'The mock exam is already paused'
export const NOT_PAUSED = 'The mock exam is not paused'
export const NOTHING_TO_PAUSE = 'The clock is not running: nothing to pause'

/** A mock exam's session: its circuit's settings and progress. */
export const circuitOfSession = (state: SessionState): Circuit | null => (state.circuit ? (state.config.circuit ?? null) : null)

/** A rest station lasts as long as a station with its reading and change-over, so the circuit keeps its rhythm. */
export const restSeconds = (config: SessionState['config']) =>
  phaseDurationSeconds(config, 'READING') + phaseDurationSeconds(config, 'CONSULTATION') + phaseDurationSeconds(config, 'FEEDBACK')

/** The clock of a change-over or rest station ran out: the next slot of the circuit, or its end. */
export function nextSlot(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  const circuit = circuitOfSession(state)!
  const schedule = circuitSchedule(circuit)
  const slot = schedule[state.circuit!.slotsBegun]
  if (slot === undefined) return [sessionEnded(CIRCUIT_COMPLETE, ctx)]
  if (slot === 'REST') return [{ type: 'PhaseStarted', phase: 'WAITING', startTimestamp: ctx.now, durationSeconds: restSeconds(state.config), at: ctx.now }]
  const seats = circuit.candidate === 'EACH_IN_TURN' ? seatsMovedOn(state, ctx) : []
  const seated = seats.reduce(evolve, state)
  const caseId = mockStationCase(seated, ctx)
  if (caseId === null) return [...seats, sessionEnded(CIRCUIT_OUT_OF_CASES, ctx)]
  const assigned = caseAssigned(caseId, state.currentRound + 1, ctx)
  return [...seats, assigned, readingStarted(seated, ctx)]
}

/**
 * Each member in turn: with three in the doctor's, patient's and observer's seats every seat moves on; with two,
 * they swap (the partner takes the doctor's seat, whichever seat they held). Any other room (four, or three without
 * a patient) keeps its seats: docs/mock-exam.md says so, and the configure page offers it for two or three.
 */
function seatsMovedOn(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  const seated = activeParticipants(state)
  if (seatsRotatable(seated.map((p) => p.role))) {
    const rotated = rotatedSeats(seated)
    const seatOf = (role: string) => rotated.find((p) => p.role === role)!.userId
    return [{ type: 'SeatsRotated', newDoctorUserId: seatOf('DOCTOR'), newPatientUserId: seatOf('PATIENT'), newObserverUserId: seatOf('OBSERVER'), at: ctx.now }]
  }
  const doctor = activeWithRole(state, 'DOCTOR')
  const partner = seated.find((p) => p.role !== 'DOCTOR')
  if (seated.length !== 2 || !doctor || !partner) return []
  return [{ type: 'RolesSwapped', newDoctorUserId: partner.userId, newPatientUserId: doctor.userId, at: ctx.now }]
}

/**
 * The next station's case, drawn to look like an exam: never one already in this circuit, then the station type and
 * the topic least seen in it so far, then one the candidate has not played before, then at random.
 */
export function mockStationCase(state: SessionState, ctx: DecisionContext): number | null {
  const pool = candidateCases(state, ctx.catalog, { kind: 'configured' })
  if (pool.length === 0) return null
  const inCircuit = state.usedCaseIds.flatMap((id) => ctx.catalog.filter((c) => c.id === id))
  const count = (key: (c: CaseSummary) => unknown, value: unknown) => inCircuit.filter((c) => key(c) === value).length
  const doctor = activeWithRole(state, 'DOCTOR')
  const played = doctor && ctx.playedBefore ? ctx.playedBefore(doctor.userId) : new Set<number>()
  const cost = (c: CaseSummary) => [count((x) => x.stationType ?? null, c.stationType ?? null), count((x) => x.categoryName, c.categoryName), played.has(c.id) ? 1 : 0]
  const costs = pool.map((c) => ({ c, cost: cost(c) }))
  const best = costs.reduce((least, next) => (compare(next.cost, least.cost) < 0 ? next : least)).cost
  const cheapest = costs.filter((entry) => compare(entry.cost, best) === 0).map((entry) => entry.c)
  return cheapest[Math.min(Math.floor(ctx.random() * cheapest.length), cheapest.length - 1)].id
}

const compare = (a: number[], b: number[]) => a.reduce((order, value, index) => order || value - b[index], 0)

/** A mock exam draws a different case for every station: the bank (and the chosen kinds) must hold enough. */
export function requireEnoughStations(state: SessionState, stations: number, ctx: DecisionContext) {
  const available = candidateCases(state, ctx.catalog, { kind: 'configured' }).length
  if (available >= stations) return
  const advice = available >= CIRCUIT_STATIONS.min ? `choose at most ${available} stations, or fewer filters` : 'the case bank needs more cases first'
  throw new SessionRuleError(400, `Only ${available} cases can be drawn for this mock exam: ${advice}`)
}

/**
 * The host stops the circuit's clock, saying why; what was left of the phase is kept for the resume. Only a circuit
 * gets here: the machine accepts the pause in a mock exam alone (machine.ts, `inCircuit`), checked before.
 */
export function decidePauseCircuit(state: SessionState, reason: string, ctx: DecisionContext): SessionEvent[] {
  if (state.circuit!.paused) throw new SessionRuleError(409, ALREADY_PAUSED)
  if (!state.timer) throw new SessionRuleError(409, NOTHING_TO_PAUSE)
  const remainingSeconds = Math.max(0, Math.ceil((deadlineOf(state.timer) - ctx.now) / 1000))
  return [{ type: 'CircuitPaused', reason, remainingSeconds, at: ctx.now }]
}

export function decideResumeCircuit(state: SessionState, ctx: DecisionContext): SessionEvent[] {
  if (!state.circuit?.paused) throw new SessionRuleError(409, NOT_PAUSED)
  return [{ type: 'CircuitResumed', at: ctx.now }]
}
