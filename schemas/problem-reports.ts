import * as v from 'valibot'
import { detailsField, PROBLEM_KINDS } from './case-feedback.ts'

/**
 * The reviewers' queue of problems reported with a case (issue 35): each names the version that was played, so a
 * reviewer reads what the reporter read, whatever was edited since.
 */

export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { OPEN: 'Open', RESOLVED: 'Resolved', DISMISSED: 'Dismissed' }

export const PROBLEM_QUEUE_PAGE_SIZE = 20

/** Where the reporter met the case; a session since removed keeps its round and loses its code. */
export const ReportSourceSchema = v.variant('kind', [
  v.object({ kind: v.literal('SESSION'), sessionCode: v.nullable(v.string()), round: v.number() }),
  v.object({ kind: v.literal('SOLO') }),
])
export type ReportSource = v.InferOutput<typeof ReportSourceSchema>

export const ProblemReportViewSchema = v.object({
  id: v.number(),
  caseId: v.number(),
  /** The title of the version reported, which a later edit may have changed. */
  caseTitle: v.string(),
  caseVersion: v.number(),
  currentVersion: v.number(),
  kind: v.picklist(PROBLEM_KINDS),
  details: v.string(),
  /** The reporter's name only, never their email; null once their account is deleted. */
  reporterName: v.nullable(v.string()),
  source: ReportSourceSchema,
  createdAt: v.string(),
  status: v.picklist(REPORT_STATUSES),
  resolvedByName: v.nullable(v.string()),
  resolvedAt: v.nullable(v.string()),
  resolutionNote: v.string(),
})
export type ProblemReportView = v.InferOutput<typeof ProblemReportViewSchema>

/** One page of the queue: the open reports first, oldest first, then the closed ones, most recently closed first. */
export const ProblemReportPageSchema = v.object({
  reports: v.array(ProblemReportViewSchema),
  /** Zero-based, as asked. */
  currentPage: v.number(),
  totalItems: v.number(),
  totalPages: v.number(),
  pageSize: v.number(),
  openCount: v.number(),
})
export type ProblemReportPage = v.InferOutput<typeof ProblemReportPageSchema>

const PAGE_RULE = 'page must be a whole number, 0 or more'
export const ProblemQueueQuery = v.object({
  page: v.optional(v.pipe(v.string(PAGE_RULE), v.regex(/^\d{1,9}$/, PAGE_RULE), v.transform(Number)), '0'),
})

export const NOTE_NEEDED_TO_DISMISS = 'Please say why the report is dismissed: the note is kept with it'
/** Closing a report: resolved (the case was put right, or needed nothing) or dismissed, with a note for dismissing. */
export const ResolveReportBody = v.pipe(
  v.object({
    status: v.picklist(['RESOLVED', 'DISMISSED'], 'status must be RESOLVED or DISMISSED'),
    note: detailsField('note'),
  }),
  v.forward(
    v.check((body) => body.status !== 'DISMISSED' || body.note !== '', NOTE_NEEDED_TO_DISMISS),
    ['note'],
  ),
)
export type ResolveReportInput = v.InferInput<typeof ResolveReportBody>
