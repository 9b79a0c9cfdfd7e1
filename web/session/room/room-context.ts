/**
 * What the room machine (room-machine.ts) holds and hears, and the pure helpers its actions use.
 */
import { markingRefusal } from '../../../schemas/session/marking-rules.ts'
import type { StationMarking } from '../../../schemas/session/types.ts'
import { fromWireRole, type SessionDetails } from '../../../schemas/session-wire.ts'
import type { LiveMessage } from '../../../schemas/session-live.ts'
import { toCriteriaScores, type FeedbackDraft } from './feedback-form.ts'
import { withLiveMessage, type RoomSession } from './room-state.ts'
import { criteriaOf } from './case-content.ts'
import type { RoomNotice } from './room-notice.ts'
import { requestsFor, type FeedbackSubmission, type SubmitChoice } from './submit-choices.ts'

export interface RoomContext {
  code: string
  userId: number
  /** An admin may use more controls than their seat gives (capabilities.ts). */
  isAdmin: boolean
  session: RoomSession | null
  loadError: string | null
  endedReason: string | null
  /** Live messages held while a snapshot is on its way, replayed over it so nothing is lost or undone. */
  buffer: LiveMessage[] | null
  draft: FeedbackDraft
  /** draftOwner() of the session the draft was started for. */
  draftFor: string
  formError: string | null
  choice: SubmitChoice | null
  /** Someone left, or my role changed: shown until the room moves on from its phase, dismissed or replaced (room-notice.ts). */
  notice: RoomNotice | null
  /** Submits of this form refused for empty slots: the form marks them, and each refusal takes the user there. */
  refusals: number
  /** Reads of the session that failed since the live channel (re)connected (the sync region). */
  resyncFailures: number
}

export type RoomEvent =
  | { type: 'SNAPSHOT'; details: SessionDetails; serverNow: number }
  | { type: 'LOAD_FAILED'; message: string }
  | { type: 'RETRY' }
  /** The live channel (re)connected: what happened meanwhile is read again, live news held until then. */
  | { type: 'SYNC_STARTED' }
  /** The live channel lost its connection, or gave up after its attempts (web/api/live.ts). */
  | { type: 'LIVE_LOST'; status: 'reconnecting' | 'failed' }
  /** Read the session again: Retry after a read that kept failing. */
  | { type: 'RESYNC' }
  | { type: 'LIVE'; message: LiveMessage }
  | { type: 'CONSULTATION_ENDED' }
  | { type: 'SCORE'; slot: string; score: number }
  | { type: 'COMMENT'; text: string }
  | { type: 'MARKING'; marking: StationMarking }
  /** A draft the browser kept across a reload or a discarded tab, for the form of `forCase` (draftCase). */
  | { type: 'RESTORE_DRAFT'; forCase: string; saved: unknown }
  | { type: 'SUBMIT'; choice: SubmitChoice }
  | { type: 'DISMISS_NOTICE' }


export function submission(context: RoomContext): FeedbackSubmission {
  const session = context.session!
  const { choice } = context
  return {
    sessionCode: session.code,
    comment: context.draft.comment,
    criteriaScores: toCriteriaScores(criteriaOf(session.selectedCase), context.draft.scores),
    ...context.draft.marking,
    ...requestsFor(choice!),
  }
}

/** The observer's missing judgement or area, refused before anything is sent (the server would refuse it too). */
export function markingProblem(context: RoomContext): string | null {
  const role = context.session?.role
  return role ? markingRefusal(fromWireRole(role), context.draft.marking) : null
}

export function replayed(session: RoomSession, buffer: LiveMessage[] | null, userId: number): RoomSession {
  return (buffer ?? []).reduce((current, message) => withLiveMessage(current, message, userId), session)
}
