import * as v from 'valibot'
import type { SessionState } from '../session/types.ts'
import { CANDIDATE_MODES, CHANGEOVER_OPTIONS, circuitSchedule, type CircuitSlot } from './circuit.ts'

/**
 * A mock exam's circuit as every seat sees it (issue 33): an addition to the session's GET and a live message of
 * its own (CIRCUIT), so the room can say which station is running, when the next begins, and why it is paused.
 */

const SlotSchema = v.picklist(['STATION', 'REST'] as const satisfies readonly CircuitSlot[])
const ClockPhaseSchema = v.picklist(['WAITING', 'READING', 'CONSULTATION', 'FEEDBACK'])

export const CircuitViewSchema = v.object({
  stations: v.number(),
  restStations: v.number(),
  changeoverSeconds: v.picklist(CHANGEOVER_OPTIONS),
  candidate: v.picklist(CANDIDATE_MODES),
  schedule: v.array(SlotSchema),
  /** The slots begun: the current one is schedule[slotsBegun - 1]; 0 before the start. */
  slotsBegun: v.number(),
  /** The number of the station running or just run (1 to stations), 0 before the first. */
  stationNumber: v.number(),
  /** The running phase's clock, the change-over's and a rest station's too (the spec's clock fields show only reading and consultation). */
  clock: v.nullable(v.object({ phase: ClockPhaseSchema, startTimestamp: v.number(), durationSeconds: v.number() })),
  paused: v.nullable(v.object({ reason: v.string(), phase: ClockPhaseSchema, remainingSeconds: v.number(), since: v.number() })),
})
export type CircuitView = v.InferOutput<typeof CircuitViewSchema>

export function circuitView(state: Pick<SessionState, 'config' | 'circuit' | 'timer'>): CircuitView | null {
  const { circuit: progress } = state
  const circuit = state.config.circuit
  if (!progress || !circuit) return null
  const schedule = circuitSchedule(circuit)
  const stationNumber = schedule.slice(0, progress.slotsBegun).filter((slot) => slot === 'STATION').length
  return {
    ...circuit,
    schedule,
    slotsBegun: progress.slotsBegun,
    stationNumber,
    clock: state.timer && { ...state.timer },
    paused: progress.paused && { reason: progress.paused.reason, phase: progress.paused.phase, remainingSeconds: progress.paused.remainingSeconds, since: progress.paused.since },
  }
}
