import { sql, type RawBuilder } from 'kysely'
import type { SessionRole } from '../../../schemas/session/types.ts'
import type { AppendRefusal } from '../store/event-store.ts'

/**
 * What another part of the product adds to a session's rules, each as SQL that runs inside the statement it
 * guards (so a race cannot slip between the check and the write). The partner board supplies them
 * (server/board/session-terms.ts) and app.ts hands them to the engine: sessions never import the board.
 */
export interface OutsideTerms {
  /** What a join of `userId` into this seat is refused for (the seats a listing offers, a block between people). */
  joinRefusals(sessionId: number, role: SessionRole, userId: number): AppendRefusal[]
  /**
   * The session's room does not open yet (a planned slot): it is not started, nobody in it is taken out for being
   * offline, and joining another room does not leave it. `session` is an id or a column of the query; `now` the
   * app's clock.
   */
  heldUntilLater(session: number | RawBuilder<number>, now: number): RawBuilder<boolean>
  /** The reason a Start is refused while the room is held. */
  heldReason: string
  /**
   * The session is not there for `userId` (a block between them and someone in it): every candidate's route that
   * takes its code answers them as a code that names no session. Asked only of someone who never held a seat in it
   * (keptOut, server/sessions/store/queries.ts). `session` is an id or a column of the query.
   */
  hiddenFrom(session: number | RawBuilder<number>, userId: number): RawBuilder<boolean>
}

/** Sessions alone (a test's engine without the board): nothing added. */
export const NO_OUTSIDE_TERMS: OutsideTerms = {
  joinRefusals: () => [],
  heldUntilLater: () => sql<boolean>`false`,
  heldReason: '',
  hiddenFrom: () => sql<boolean>`false`,
}
