import * as v from 'valibot'

/**
 * A mock exam (issue 33): a circuit of timed stations that runs by itself on the server's clock, as the exam does
 * (../shared/PLAB2.md): reading, the station, a short change-over for the examiner to finish marking, then the
 * next station, with rest stations between. The settings live in the session's config (`circuit`); the session's
 * state counts the slots begun and holds a pause (schemas/session/evolve.ts); what each expiry does is
 * circuit-rules.ts.
 */

export const CIRCUIT_STATIONS = { min: 4, max: 16 } as const
export const MAX_REST_STATIONS = 4
/** Seconds the examiner has after the bell to finish marking, before the next station's reading starts. */
export const CHANGEOVER_OPTIONS = [30, 60, 90, 120] as const
export const DEFAULT_CHANGEOVER_SECONDS = 60

/** Who sits as the candidate (the doctor's seat): one person throughout, or each member in turn. */
export const CANDIDATE_MODES = ['ONE', 'EACH_IN_TURN'] as const
export type CandidateMode = (typeof CANDIDATE_MODES)[number]

export const CANDIDATE_MODE_LABELS: Record<CandidateMode, string> = {
  ONE: 'One candidate for the whole circuit (whoever sits as the doctor)',
  EACH_IN_TURN: 'Each member in turn (the seats move on after every station)',
}

export const Circuit = v.object({
  stations: v.pipe(
    v.number('The number of stations must be a number'),
    v.integer('The number of stations must be a whole number'),
    v.minValue(CIRCUIT_STATIONS.min, `A mock exam has ${CIRCUIT_STATIONS.min} to ${CIRCUIT_STATIONS.max} stations`),
    v.maxValue(CIRCUIT_STATIONS.max, `A mock exam has ${CIRCUIT_STATIONS.min} to ${CIRCUIT_STATIONS.max} stations`),
  ),
  restStations: v.pipe(
    v.number('The number of rest stations must be a number'),
    v.integer('The number of rest stations must be a whole number'),
    v.minValue(0, 'The number of rest stations cannot be negative'),
    v.maxValue(MAX_REST_STATIONS, `At most ${MAX_REST_STATIONS} rest stations`),
  ),
  changeoverSeconds: v.picklist(CHANGEOVER_OPTIONS, `The change-over is one of ${CHANGEOVER_OPTIONS.join(', ')} seconds`),
  candidate: v.picklist(CANDIDATE_MODES, 'The candidate is ONE or EACH_IN_TURN'),
})
export type Circuit = v.InferOutput<typeof Circuit>

export const DEFAULT_CIRCUIT: Circuit = { stations: 16, restStations: 2, changeoverSeconds: DEFAULT_CHANGEOVER_SECONDS, candidate: 'ONE' }

export type CircuitSlot = 'STATION' | 'REST'

/**
 * The order of the circuit: its stations with the rests spread evenly between them, never first or last (the
 * exam's rest stations sit inside the circuit). 16 stations and 2 rests: a rest after the 5th and the 11th.
 */
export function circuitSchedule(circuit: Pick<Circuit, 'stations' | 'restStations'>): CircuitSlot[] {
  const rests = Math.min(circuit.restStations, circuit.stations - 1)
  const restAfter = new Set(Array.from({ length: rests }, (_, index) => Math.round(((index + 1) * circuit.stations) / (rests + 1))))
  return Array.from({ length: circuit.stations }, (_, index) => index + 1).flatMap((station): CircuitSlot[] => (restAfter.has(station) && station < circuit.stations ? ['STATION', 'REST'] : ['STATION']))
}

/** Every slot, rest or station, lasts a station's reading, its time in the room and the change-over. */
export function circuitMinutes(circuit: Circuit, timing: { readingTime: number; consultationTime: number }): number {
  const slot = timing.readingTime + timing.consultationTime + circuit.changeoverSeconds / 60
  return circuitSchedule(circuit).length * slot
}

/** A pause of the circuit's clock by the host, with the reason the log keeps and what was left of the phase. */
export interface CircuitPause {
  reason: string
  phase: 'WAITING' | 'READING' | 'CONSULTATION' | 'FEEDBACK'
  durationSeconds: number
  remainingSeconds: number
  since: number
}

/** Where a running circuit stands: how many slots of its schedule have begun (the current one is slotsBegun - 1). */
export interface CircuitProgress {
  slotsBegun: number
  paused: CircuitPause | null
}

export const PAUSE_REASON_MAX = 200
export const PauseBody = v.object({
  reason: v.pipe(v.string('Say why the circuit is paused'), v.trim(), v.nonEmpty('Say why the circuit is paused'), v.maxLength(PAUSE_REASON_MAX, `At most ${PAUSE_REASON_MAX} characters`)),
})
