import type { MlaArea, StationType } from '../station/station.ts'
import type { CriterionShape } from './score-shapes.ts'

/** What the decider needs to know about a case to choose one; the server loads these from the case bank. */
export interface CaseSummary {
  id: number
  categoryName: string
  recallDates: string[]
  /** Null for a case in the older shape, which a station-type filter leaves out. */
  stationType?: StationType | null
  mlaAreas?: MlaArea[]
  /** The version a session drawing it now plays (issue 35); absent (a test's catalog): version 1. */
  version?: number
}

/** Everything outside the session a decision may depend on, passed in so `decide` stays pure. */
export interface DecisionContext {
  now: number
  /** A uniform number in [0, 1): the server passes crypto-backed randomness; the result is stored in events. */
  random: () => number
  /** Every case of the bank (summaries only), for choosing the next case. */
  catalog: readonly CaseSummary[]
  /** Every category name of the bank, for TOPIC_SELECTION_NEEDED's available topics. */
  categoryNames: readonly string[]
  /** The mark scheme of the current case, for validating feedback (empty if no case). */
  currentCriteria: readonly CriterionShape[]
  /** The current case's station, for marks and revealed facts: its checklist item ids and fact ids (none for an older case). */
  currentStation: { checklistIds: readonly string[]; factIds: readonly string[] }
  /** Whether a participant has the room open now (live presence): the next round's clock waits for everyone. */
  inRoom: (userId: number) => boolean
  /**
   * The cases a user has played as the doctor before this session, for a mock exam to prefer new ones (issue 33);
   * absent when the command draws no mock station.
   */
  playedBefore?: (userId: number) => ReadonlySet<number>
}

