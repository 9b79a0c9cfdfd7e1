import { isRunning, type SessionState } from './types.ts'

/** A round of a session as its feedback names it: which round, on which case, and whether anyone scored it. */
export interface ScoredRound {
  round: number
  caseId: number | null
  scored: boolean
}

/**
 * The doctor may see a round's case whole (its title, the patient's script, the mark scheme) once that round's
 * feedback phase is over (WIRE.md section 0): someone scored it, and the session has left it, for another round,
 * another case, or by ending. A round ended before anyone scored it stays unseen, so the case can still be played.
 * The one rule for the room, the debrief, the dashboard and progress; `server/sessions/store/queries.ts`
 * (FEEDBACK_ROUND_OVER) writes it in SQL for feedback rows, which are scored by definition, and a test holds the two equal.
 */
export function feedbackPhaseOver(session: Pick<SessionState, 'status' | 'currentRound' | 'caseId'>, round: ScoredRound): boolean {
  const leftRound = !isRunning(session.status) || session.currentRound !== round.round || session.caseId !== round.caseId
  return round.scored && leftRound
}

/** The round a session is on now. */
export const currentRound = (state: Pick<SessionState, 'currentRound' | 'caseId' | 'caseScored'>): ScoredRound => ({
  round: state.currentRound,
  caseId: state.caseId,
  scored: state.caseScored,
})
