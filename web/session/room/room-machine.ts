/**
 * The session room in the browser as an XState machine: loading -> room -> ended (or failed). It is fed the
 * GET /sessions/{code} snapshot and the live messages, and keeps the feedback form whose rules (reset, whole
 * steps, completeness, one submission at a time) are SPEC sections 4 and 5. The spec's pending-observer question
 * is gone (issue 29): the server waits for every scorer before the next case, so submitting loses no one's marks.
 * Its live sync (connecting, syncing, live, reconnecting, failed, stale) is a region of the room beside the form.
 * Talking to the server is left to actors the web client provides, so the machine stays pure and testable.
 */
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import { EMPTY_DRAFT, RATINGS_REQUIRED, isComplete, isEmptyDraft, restoredDraft, withScore } from './feedback-form.ts'
import { draftCase, draftOwner, endReason, fromSnapshot, roomOverReason, withFeedbackPhase, withLiveMessage } from './room-state.ts'
import { criteriaOf } from './case-content.ts'
import { roomCapabilities } from './room-capabilities.ts'
import { noticeAfter } from './room-notice.ts'
import { markingProblem, replayed, submission, type RoomContext, type RoomEvent } from './room-context.ts'
import { needsReread } from './room-phase.ts'
import { choicesFor, type FeedbackSubmission } from './submit-choices.ts'

const RESYNC_ATTEMPTS = 4
const RESYNC_DELAY_MS = 2000

/** A new case, round or reading phase starts a fresh form (SPEC section 4). */
const FRESH_FORM_ON_NEW_CASE = { guard: 'draftOutdated', target: '#editing', actions: 'freshDraft' } as const

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as { code?: string; userId: number; isAdmin?: boolean },
  },
  delays: {
    // Each failed read waits longer before the next (2 s, 4 s, 6 s).
    resyncDelay: ({ context }) => RESYNC_DELAY_MS * context.resyncFailures,
  },
  actors: {
    readSession: fromPromise<Extract<RoomEvent, { type: 'SNAPSHOT' }>, { code: string }>(async () => {
      throw new Error('readSession is provided by the web client')
    }),
    // Replaced by the web client (roomMachine.provide); the defaults say so loudly if one is forgotten.
    submitFeedback: fromPromise<unknown, FeedbackSubmission>(async () => {
      throw new Error('submitFeedback is provided by the web client')
    }),
  },
  guards: {
    isSessionEnded: ({ context, event }) => event.type === 'LIVE' && roomOverReason(event.message, context.userId) !== null,
    // News of a phase the session machine cannot reach from the one shown: not shown; the session is read again.
    needsReread: ({ context, event }) =>
      event.type === 'LIVE' && context.session !== null && (event.message.type === 'PHASE_CHANGE' || event.message.type === 'SESSION_UPDATE') && needsReread(context.session.phase, event.message),
    resyncExhausted: ({ context }) => context.resyncFailures + 1 >= RESYNC_ATTEMPTS,
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
    code: input.code ?? '',
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
    resyncFailures: 0,
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
      type: 'parallel',
      on: {
        SNAPSHOT: { actions: 'applySnapshot' },
        LIVE: [{ guard: 'isSessionEnded', target: 'ended', actions: 'end' }, { guard: 'needsReread', target: '.sync.syncing' }, { actions: 'applyLive' }],
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
        form: {
          initial: 'editing',
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
        /**
         * The live channel's sync: on each (re)connection the session is read again, live news held meanwhile and
         * replayed over it, so nothing that happened while away is missed. A read that fails is tried again; when
         * it keeps failing the room says so ('stale') and offers Retry (RESYNC).
         */
        sync: {
          initial: 'connecting',
          on: {
            SYNC_STARTED: { target: '.syncing', actions: ['startBuffering', assign({ resyncFailures: 0 })] },
            LIVE_LOST: [{ guard: ({ event }) => event.status === 'failed', target: '.failed' }, { target: '.reconnecting' }],
          },
          states: {
            connecting: {},
            syncing: {
              invoke: {
                src: 'readSession',
                input: ({ context }) => ({ code: context.code }),
                onDone: { target: 'live', actions: [raise(({ event }) => event.output), assign({ resyncFailures: 0 })] },
                onError: [{ guard: 'resyncExhausted', target: 'stale' }, { target: 'retrying', actions: assign({ resyncFailures: ({ context }) => context.resyncFailures + 1 }) }],
              },
            },
            retrying: { after: { resyncDelay: 'syncing' } },
            live: {},
            reconnecting: {},
            failed: {},
            stale: { on: { RESYNC: { target: 'syncing', actions: assign({ resyncFailures: 0 }) } } },
          },
        },
      },
    },
    ended: { type: 'final' },
  },
})

export type RoomMachine = typeof roomMachine
export type RoomSnapshot = SnapshotFrom<RoomMachine>

export type SyncStatus = 'connecting' | 'syncing' | 'retrying' | 'live' | 'reconnecting' | 'failed' | 'stale'

/** Where the room's live sync stands (null before the room opens). */
export function syncStatus(snapshot: RoomSnapshot): SyncStatus | null {
  const value = snapshot.value
  return typeof value === 'object' && 'room' in value ? ((value.room as { sync: SyncStatus }).sync ?? null) : null
}
