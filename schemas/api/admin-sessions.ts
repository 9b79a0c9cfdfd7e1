import * as v from 'valibot'
import { PhaseSchema, SessionDetailsSchema, SessionRoleSchema, StatusSchema, TimelineEntrySchema } from '../session-wire.ts'
import { DebriefAssessmentSchema } from '../debrief.ts'
import { FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from '../marking.ts'
import { route } from './contract.ts'

/**
 * The maintainers' sessions (issue 37): find a session, read its log as sentences, see it as it stood after any
 * event and what each seat's screen held then, export the log, print one round's summary. Admins only; every
 * look-up is logged with who looked.
 */

const PAGE_RULE = 'page must be a whole number from 0'
const DATE_RULE = (field: string) => `${field} must be a date written yyyy-mm-dd`
/** A day that exists: it reads back as itself (Date.parse takes 2026-02-31 as 3 March). */
const isCalendarDay = (text: string) => {
  const at = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text
}
const date = (field: string) =>
  v.optional(v.pipe(v.string(DATE_RULE(field)), v.trim(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, DATE_RULE(field)), v.check((text) => text === '' || isCalendarDay(text), DATE_RULE(field))), '')
const text = (field: string) => v.optional(v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(100, `${field} must be at most 100 characters`)), '')

/** GET /admin/sessions: by code, a participant's name or email, and the days (UTC, inclusive) it was created. */
export const AdminSessionsQuery = v.pipe(
  v.object({
    code: text('code'),
    participant: text('participant'),
    from: date('from'),
    to: date('to'),
    page: v.optional(v.pipe(v.string(PAGE_RULE), v.regex(/^\d{1,9}$/, PAGE_RULE), v.transform(Number)), '0'),
  }),
  v.forward(
    v.check((query) => query.from === '' || query.to === '' || query.from <= query.to, 'to must not be before from: the date range is reversed'),
    ['to'],
  ),
)
export type AdminSessionsRequest = v.InferOutput<typeof AdminSessionsQuery>

export const ADMIN_SESSIONS_PAGE_SIZE = 20

export const AdminSessionItemSchema = v.object({
  code: v.string(),
  title: v.string(),
  phase: PhaseSchema,
  status: StatusSchema,
  /** Everyone who ever held a seat, with the seat they hold (or last held); admins may see emails. */
  participants: v.array(v.object({ userId: v.number(), name: v.string(), email: v.nullable(v.string()), role: SessionRoleSchema, active: v.boolean() })),
  rounds: v.number(),
  /** ISO times. */
  createdAt: v.string(),
  startedAt: v.nullable(v.string()),
  endedAt: v.nullable(v.string()),
})
export type AdminSessionItem = v.InferOutput<typeof AdminSessionItemSchema>

export const AdminSessionsPageSchema = v.object({
  sessions: v.array(AdminSessionItemSchema),
  /** Zero-based, as asked. */
  currentPage: v.number(),
  totalItems: v.number(),
  totalPages: v.number(),
  pageSize: v.number(),
})
export type AdminSessionsPage = v.InferOutput<typeof AdminSessionsPageSchema>

/** A running phase's deadline against when the next phase actually began (null while it has not). */
export const PhaseDeadlineSchema = v.object({
  phase: PhaseSchema,
  /** ISO. */
  deadline: v.string(),
  nextPhaseAt: v.nullable(v.string()),
  /** nextPhaseAt - deadline: negative when the phase ended early (skipped), about 0 when its timer ended it. */
  differenceMs: v.nullable(v.number()),
})

export const AdminTimelineEntrySchema = v.object({
  /** `at` (ISO) is when the database recorded the event: the row's own stamp, what the CLI prints. */
  ...TimelineEntrySchema.entries,
  /**
   * ISO: when the event happened on the clock the rules ran on (its own `at` in the log, which timers start from
   * and deadlines, msFromStart and the state route's `at` are on). It differs from `at` by the time a command took
   * to be stored, and entirely on a clock that is not the database's (the tests' manual clock): a page that lines
   * up a moment (`?at=`) with the list and the deadlines reads this one.
   */
  happenedAt: v.string(),
  /** Since the log's first event (the session's creation). */
  msFromStart: v.number(),
  /** What it means, in one plain sentence (schemas/session/event-sentence.ts). */
  sentence: v.string(),
  /** Only on an event after which a timed phase runs. */
  deadline: v.nullable(PhaseDeadlineSchema),
})
export type AdminTimelineEntry = v.InferOutput<typeof AdminTimelineEntrySchema>

export const AdminTimelineSchema = v.object({ code: v.string(), title: v.string(), entries: v.array(AdminTimelineEntrySchema) })
export type AdminTimeline = v.InferOutput<typeof AdminTimelineSchema>

const VERSION_RULE = 'version must be a whole number from 1'
export const StateQuery = v.object({
  version: v.pipe(v.string(VERSION_RULE), v.regex(/^\d{1,9}$/, VERSION_RULE), v.transform(Number), v.minValue(1, VERSION_RULE)),
})

/** A feedback given by then, as the log holds it. */
export const FeedbackSoFarSchema = v.object({
  version: v.number(),
  round: v.number(),
  caseId: v.number(),
  from: v.object({ userId: v.number(), name: v.string(), role: SessionRoleSchema }),
  to: v.object({ userId: v.number(), name: v.string() }),
  score: v.string(),
  comment: v.string(),
})

export const AdminSessionStateSchema = v.object({
  version: v.number(),
  /** ISO: when that event happened; the views are rendered at that moment. */
  at: v.string(),
  /** The fold of the log up to `version` (schemas/session/types.ts SessionState), whole. */
  state: v.looseObject({ sessionId: v.number(), code: v.string(), version: v.number(), phase: PhaseSchema }),
  /** The case version played then, if any (issue 35). */
  caseVersion: v.nullable(v.object({ caseId: v.number(), version: v.number() })),
  /** What GET /sessions/:code gave each one in the room then (isOnline is not in the log: false). */
  views: v.array(v.object({ userId: v.number(), name: v.string(), role: SessionRoleSchema, session: SessionDetailsSchema })),
  feedbackSoFar: v.array(FeedbackSoFarSchema),
})
export type AdminSessionState = v.InferOutput<typeof AdminSessionStateSchema>

const ROUND_RULE = 'round must be a whole number from 1'
export const RoundSummaryParams = v.object({
  code: v.string(),
  round: v.pipe(v.string(ROUND_RULE), v.regex(/^\d{1,9}$/, ROUND_RULE), v.transform(Number), v.minValue(1, ROUND_RULE)),
})

/** A phase of a round: when it began, its deadline (none without a clock), when it actually gave way. */
export const RoundPhaseSchema = v.object({
  phase: PhaseSchema,
  /** ISO, on the clock the rules ran on (as the timeline's deadlines). */
  startedAt: v.string(),
  deadline: v.nullable(v.string()),
  /** Null while it runs. */
  endedAt: v.nullable(v.string()),
  /** endedAt - deadline: negative when it ended early, about 0 when its timer ended it; null without either. */
  differenceMs: v.nullable(v.number()),
})

/** A feedback given in the round, with its marks on the mark scheme and the station result they give. */
export const RoundFeedbackSchema = v.object({
  ...DebriefAssessmentSchema.entries,
  from: v.object({ name: v.string(), role: SessionRoleSchema }),
  to: v.object({ name: v.string() }),
  /** ISO. */
  at: v.string(),
  /** "9/12", as the timeline says it. */
  score: v.string(),
  globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
  feedbackAreas: v.array(v.picklist(FEEDBACK_AREAS)),
})
export type RoundFeedback = v.InferOutput<typeof RoundFeedbackSchema>

/** One round, to print and share with the candidates concerned: names and roles, never an email. */
export const RoundSummarySchema = v.object({
  code: v.string(),
  title: v.string(),
  round: v.number(),
  /** The case version played (issue 35); title null when the case has since been deleted. */
  case: v.object({ caseId: v.number(), version: v.number(), title: v.nullable(v.string()), category: v.nullable(v.string()) }),
  /** Everyone in a seat from the round's reading to its end, once per seat held. */
  seats: v.array(v.object({ name: v.string(), role: SessionRoleSchema })),
  phases: v.array(RoundPhaseSchema),
  feedback: v.array(RoundFeedbackSchema),
})
export type RoundSummary = v.InferOutput<typeof RoundSummarySchema>

export const adminSessionContracts = {
  find: route('GET', '/admin/sessions', { query: AdminSessionsQuery, answer: AdminSessionsPageSchema }),
  timeline: route('GET', '/admin/sessions/:code/timeline', { answer: AdminTimelineSchema }),
  state: route('GET', '/admin/sessions/:code/state', { query: StateQuery, answer: AdminSessionStateSchema }),
  /** A JSON file (server/sessions/admin/session-export.ts): what `npm run replay -- CODE --json` prints. */
  exportLog: route('GET', '/admin/sessions/:code/export', {}),
  roundSummary: route('GET', '/admin/sessions/:code/rounds/:round/summary', { params: RoundSummaryParams, answer: RoundSummarySchema }),
}
