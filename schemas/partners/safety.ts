import * as v from 'valibot'

/**
 * Safety between candidates (issue 36, item 5): blocking someone, and reporting them to the admins. A block hides
 * both people from each other and neither learns which of them blocked; a report is read by admins only.
 */

/** The one answer for a person the caller may not act on: unknown, hidden, blocked, suspended, or never met. */
export const NO_SUCH_CANDIDATE = 'There is no such candidate'
export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself'
/**
 * A join refused because of a block between the joiner and someone in the session: the words of a wrong code or a
 * full room, so that the refusal tells nobody who blocked whom.
 */
export const JOIN_NOT_ALLOWED = 'Invalid session code or session is full'

const USER_RULE = 'userId must be the id of a candidate'
export const userIdField = v.pipe(v.number(USER_RULE), v.integer(USER_RULE), v.minValue(1, USER_RULE), v.maxValue(Number.MAX_SAFE_INTEGER, USER_RULE))

export const BlockBody = v.object({ userId: userIdField })
export const UserIdParams = v.object({
  userId: v.pipe(v.string(USER_RULE), v.regex(/^[1-9]\d{0,14}$/, USER_RULE), v.transform(Number)),
})

/** Someone I blocked, as my list shows them: a name, never an email. */
export const BlockedPersonSchema = v.object({ userId: v.number(), name: v.string(), blockedAt: v.string() })
export type BlockedPerson = v.InferOutput<typeof BlockedPersonSchema>

export const REPORT_REASONS = ['HARASSMENT', 'INAPPROPRIATE', 'DISRUPTIVE', 'NO_SHOW', 'OTHER'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  HARASSMENT: 'Harassment, threats or insults',
  INAPPROPRIATE: 'Inappropriate or sexual behaviour',
  DISRUPTIVE: 'Disrupted the practice on purpose',
  NO_SHOW: 'Agreed a time and did not come',
  OTHER: 'Something else',
}

export const REPORT_DETAILS_MAX = 1000
/** Reports one person may send in 24 hours: a bad day is covered, a campaign against someone is not. */
export const CANDIDATE_REPORTS_PER_DAY = 10
export const DETAILS_NEEDED = 'Please say what happened, so an administrator knows what to look into'
export const CANDIDATE_REPORT_LIMIT = `You have sent ${CANDIDATE_REPORTS_PER_DAY} reports in the last 24 hours, the most a day allows: please send more tomorrow, or write to us through the contact form`

const detailsText = (name: string) =>
  v.optional(v.pipe(v.string(`The ${name} must be text`), v.trim(), v.maxLength(REPORT_DETAILS_MAX, `The ${name} must be at most ${REPORT_DETAILS_MAX} characters`)), '')

/** The form's own fields, checked in the browser as the server checks them. */
export const CandidateReportFields = {
  reason: v.picklist(REPORT_REASONS, 'Please choose what happened'),
  details: detailsText('details'),
}
const detailsGiven = (input: { reason: ReportReason; details: string }) => input.reason !== 'OTHER' || input.details !== ''
export const CandidateReportForm = v.pipe(v.object(CandidateReportFields), v.forward(v.check((input) => detailsGiven(input), DETAILS_NEEDED), ['details']))

const CODE_RULE = 'sessionCode must be a session code'
export const CandidateReportBody = v.pipe(
  v.object({
    userId: userIdField,
    sessionCode: v.optional(v.pipe(v.string(CODE_RULE), v.trim(), v.nonEmpty(CODE_RULE), v.maxLength(20, CODE_RULE))),
    ...CandidateReportFields,
  }),
  v.forward(v.check((input) => detailsGiven(input), DETAILS_NEEDED), ['details']),
)
export type CandidateReportInput = v.InferInput<typeof CandidateReportBody>

/** A session the reporter shared with someone, for the report form to name: newest first. */
export const SharedSessionSchema = v.object({ code: v.string(), title: v.string(), createdAt: v.string() })
export type SharedSession = v.InferOutput<typeof SharedSessionSchema>
/** Sessions the form offers: a report is about something recent. */
export const SHARED_SESSIONS_SHOWN = 20

export const NOTE_NEEDED = 'Please say what was done: the note is kept with the report'
export const CloseCandidateReportBody = v.object({
  note: v.pipe(
    v.string(NOTE_NEEDED),
    v.trim(),
    v.nonEmpty(NOTE_NEEDED),
    v.maxLength(REPORT_DETAILS_MAX, `The note must be at most ${REPORT_DETAILS_MAX} characters`),
  ),
})
export type CloseCandidateReportInput = v.InferInput<typeof CloseCandidateReportBody>

const PersonSchema = v.object({ id: v.number(), name: v.string() })

/** A report as the admins read it: the reported person's email is for them alone. */
export const CandidateReportViewSchema = v.object({
  id: v.number(),
  reason: v.picklist(REPORT_REASONS),
  details: v.string(),
  createdAt: v.string(),
  status: v.picklist(['OPEN', 'CLOSED']),
  reporter: PersonSchema,
  reported: v.object({ ...PersonSchema.entries, email: v.string() }),
  /** The session it is about; its code is null once the session is gone (its event log then is too). */
  session: v.nullable(v.object({ id: v.number(), code: v.nullable(v.string()) })),
  adminNote: v.string(),
  closedByName: v.nullable(v.string()),
  closedAt: v.nullable(v.string()),
})
export type CandidateReportView = v.InferOutput<typeof CandidateReportViewSchema>

export const CandidateReportListSchema = v.object({ reports: v.array(CandidateReportViewSchema), openCount: v.number() })
