import type { OutsideTerms } from '../sessions/engine/outside-terms.ts'
import { blockedJoinRefusal, blockedWithSomeoneIn } from '../partners/blocks-repo.ts'
import { plannedAhead, seatTermsRefusals } from './listings-repo.ts'

/**
 * The board's terms on a listed session (issue 20, issue 30): its seats, and a planned slot's room held until its
 * time; and nobody joins, or sees by its code, a session with someone they blocked or who blocked them (issue 36).
 */
export const BOARD_SESSION_TERMS: OutsideTerms = {
  joinRefusals: (sessionId, role, userId) => [...seatTermsRefusals(sessionId, role), blockedJoinRefusal(sessionId, userId)],
  heldUntilLater: plannedAhead,
  heldReason: 'This practice is planned for later: the room opens at the planned time',
  hiddenFrom: blockedWithSomeoneIn,
}
