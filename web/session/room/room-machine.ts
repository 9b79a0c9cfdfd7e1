/**
 * The session room in the browser as an XState machine: loading -> room -> ended (or failed). It is fed the
 * GET /sessions/{code} snapshot and the live messages, and keeps the feedback form whose rules (reset, whole
 * steps, completeness, one submission at a time) are SPEC sections 4 and 5. The spec's pending-observer question
 * is gone (issue 29): the server waits for every scorer before the next case, so submitting loses no one's marks.
 * Talking to the server is left to two actors the web client provides, so the machine stays pure and testable.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { markingRefusal } from '../../../schemas/session/marking-rules.ts'
import type { StationMarking } from '../../../schemas/session/types.ts'
import { fromWireRole, type SessionDetails } from '../../../schemas/session-wire.ts'
import { type LiveMessage } from '../../../schemas/session-live.ts'
import { EMPTY_DRAFT, RATINGS_REQUIRED, isComplete, isEmptyDraft, restoredDraft, toCriteriaScores, withScore, type FeedbackDraft } from './feedback-form.ts'
import { draftCase, draftOwner, endReason, fromSnapshot, roomOverReason, withFeedbackPhase, withLiveMessage, type RoomSession } from './room-state.ts'
import { criteriaOf } from './case-content.ts'
import { roomCapabilities } from './room-capabilities.ts'
import { noticeAfter, type RoomNotice } from './room-notice.ts'
import { choicesFor, requestsFor, type FeedbackSubmission, type SubmitChoice } from './submit-choices.ts'

export interface RoomContext {
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
}

export type RoomEvent =
  | { type: 'SNAPSHOT'; details: SessionDetails; serverNow: number }
  | { type: 'LOAD_FAILED'; message: string }
  | { type: 'RETRY' }
  | { type: 'SYNC_STARTED' }
  | { type: 'LIVE'; message: LiveMessage }
  | { type: 'CONSULTATION_ENDED' }
  | { type: 'SCORE'; slot: string; score: number }
  | { type: 'COMMENT'; text: string }
  | { type: 'MARKING'; marking: StationMarking }
  /** A draft the browser kept across a reload or a discarded tab, for the form of `forCase` (draftCase). */
  | { type: 'RESTORE_DRAFT'; forCase: string; saved: unknown }
  | { type: 'SUBMIT'; choice: SubmitChoice }
  | { type: 'DISMISS_NOTICE' }


function submission(context: RoomContext): FeedbackSubmission {
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
function markingProblem(context: RoomContext): string | null {
  const role = context.session?.role
  return role ? markingRefusal(fromWireRole(role), context.draft.marking) : null
}

function replayed(session: RoomSession, buffer: LiveMessage[] | null, userId: number): RoomSession {
  return (buffer ?? []).reduce((current, message) => withLiveMessage(current, message, userId), session)
}

/** A new case, round or reading phase starts a fresh form (SPEC section 4). */
const FRESH_FORM_ON_NEW_CASE = { guard: 'draftOutdated', target: '#editing', actions: 'freshDraft' } as const

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as { userId: number; isAdmin?: boolean },
  },
  actors: {
    // Replaced by the web client (roomMachine.provide); the defaults say so loudly if one is forgotten.
    submitFeedback: fromPromise<unknown, FeedbackSubmission>(async () => {
      throw new Error('submitFeedback is provided by the web client')
    }),
  },
  guards: {
    isSessionEnded: ({ context, event }) => event.type === 'LIVE' && roomOverReason(event.message, context.userId) !== null,
    draftOutdated: ({ context }) => context.session !== null && draftOwner(context.session) !== context.draftFor,
    mayNotSubmit: ({ context, event }) => {
      const session = context.session
      if (event.type !== 'SUBMIT' || !session || !roomCapabilities(session, context.isAdmin).SubmitFeedback) return true
      return !choicesFor(session.role, session.participants).includes(event.choice)
    },
    formIncomplete: ({ context }) => !isComplete(criteriaOf(context.session?.selectedCase ?? null), context.draft.scores),
    markingIncomplete: ({ context }) => markingProblem(context) !== null,
    choseClose: ({ context }) => context.choice === 'close',
    // Only into the untouched form it was kept for: a late restore never overwrites what was typed since.
    draftRestorable: ({ context, event }) =>
      event.type === 'RESTORE_DRAFT' && context.session !== null && event.forCase === draftCase(context.session) && isEmptyDraft(context.draft),
  },
  actions: {
    applySnapshot: assign(({ context, event }) => {
      if (event.type !== 'SNAPSHOT') return {}
      const fresh = fromSnapshot(event.details, context.userId, event.serverNow, context.session)
      const session = replayed(fresh, context.buffer, context.userId)
      return { session, buffer: null, loadError: null, notice: noticeAfter(context.notice, context.session, session, null, context.userId) }
    }),
    applyLive: assign(({ context, event }) => {
      if (event.type !== 'LIVE' || !context.session) return {}
      const session = withLiveMessage(context.session, event.message, context.userId)
      return {
        session,
        buffer: context.buffer ? [...context.buffer, event.message] : null,
        notice: noticeAfter(context.notice, context.session, session, event.message, context.userId),
      }
    }),
    holdLive: assign(({ context, event }) => (event.type === 'LIVE' ? { buffer: [...(context.buffer ?? []), event.message] } : {})),
    startBuffering: assign({ buffer: () => [] }),
    end: assign(({ context, event }) => ({ endedReason: (event.type === 'LIVE' ? roomOverReason(event.message, context.userId) : null) ?? endReason(undefined) })),
    freshDraft: assign(({ context }) => ({ draft: EMPTY_DRAFT, draftFor: context.session ? draftOwner(context.session) : '', formError: null, choice: null, refusals: 0 })),
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({
    userId: input.userId,
    isAdmin: input.isAdmin ?? false,
    session: null,
    loadError: null,
    endedReason: null,
    buffer: [],
    draft: EMPTY_DRAFT,
    draftFor: '',
    formError: null,
    choice: null,
    notice: null,
    refusals: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'startBuffering',
      on: {
        SNAPSHOT: { target: 'room', actions: ['applySnapshot', 'freshDraft'] },
        LOAD_FAILED: { target: 'failed', actions: assign({ loadError: ({ event }) => event.message }) },
        LIVE: [{ guard: 'isSessionEnded', target: 'ended', actions: 'end' }, { actions: 'holdLive' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    room: {
      initial: 'editing',
      on: {
        SNAPSHOT: { actions: 'applySnapshot' },
        SYNC_STARTED: { actions: 'startBuffering' },
        LIVE: [{ guard: 'isSessionEnded', target: 'ended', actions: 'end' }, { actions: 'applyLive' }],
        CONSULTATION_ENDED: {
          actions: assign(({ context }) => {
            if (!context.session) return {}
            const session = withFeedbackPhase(context.session)
            return { session, notice: noticeAfter(context.notice, context.session, session, null, context.userId) }
          }),
        },
        DISMISS_NOTICE: { actions: assign({ notice: null }) },
      },
      states: {
        editing: {
          id: 'editing',
          always: FRESH_FORM_ON_NEW_CASE,
          on: {
            SCORE: {
              actions: assign(({ context, event }) => ({
                draft: withScore(context.draft, criteriaOf(context.session?.selectedCase ?? null), event.slot, event.score),
                formError: null,
              })),
            },
            COMMENT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, comment: event.text }) }) },
            MARKING: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, marking: event.marking }), formError: null }) },
            RESTORE_DRAFT: {
              guard: 'draftRestorable',
              actions: assign({ draft: ({ context, event }) => restoredDraft(event.saved, criteriaOf(context.session?.selectedCase ?? null)) }),
            },
            SUBMIT: [
              { guard: 'mayNotSubmit' },
              { guard: 'formIncomplete', actions: assign({ formError: RATINGS_REQUIRED, refusals: ({ context }) => context.refusals + 1 }) },
              { guard: 'markingIncomplete', actions: assign({ formError: ({ context }) => markingProblem(context), refusals: ({ context }) => context.refusals + 1 }) },
              { target: 'submitting', actions: assign({ choice: ({ event }) => event.choice }) },
            ],
          },
        },
        // No reset here: the server's news of the next case can overtake the answer to this very submit.
        submitting: {
          entry: assign({ formError: null }),
          invoke: {
            src: 'submitFeedback',
            input: ({ context }) => submission(context),
            onDone: [{ guard: 'choseClose', target: 'closed' }, { target: 'submitted' }],
            onError: { target: 'editing', actions: assign({ formError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
          },
        },
        // Until the next case comes (the others may still be scoring): then a fresh form.
        submitted: { always: FRESH_FORM_ON_NEW_CASE },
        /** Submitted with "close": the page leaves for the dashboard, whatever the room does next. */
        closed: {},
      },
    },
    ended: { type: 'final' },
  },
})

export type RoomMachine = typeof roomMachine
export type RoomSnapshot = SnapshotFrom<RoomMachine>
