import * as v from 'valibot'
import { ContributionContentSchema } from './contribution-body.ts'
import { CONTRIBUTION_STATES } from './contribution.ts'

/** What the contribution routes answer (issue 35, item 1); the routes are in schemas/api/contributions.ts. */

const StateSchema = v.picklist(CONTRIBUTION_STATES)
const isoTime = v.string()

export const THREAD_KINDS = ['SUBMITTED', 'COMMENT', 'CHANGES_REQUESTED', 'APPROVED'] as const

/** One step of the review's thread. Only a name says who: no account details reach the other side. */
export const ThreadEntrySchema = v.object({
  kind: v.picklist(THREAD_KINDS),
  body: v.string(),
  /** The writer's name now; "Former user" once they deleted their account. */
  by: v.string(),
  /** The contribution's author wrote it (a submission and its note). */
  byAuthor: v.boolean(),
  at: isoTime,
})
export type ThreadEntry = v.InferOutput<typeof ThreadEntrySchema>

/** One of the author's contributions, as "My cases" lists it. */
export const MyContributionSchema = v.object({
  id: v.number(),
  title: v.string(),
  state: StateSchema,
  showName: v.boolean(),
  /** The latest message a reviewer wrote to the author (a comment, a request, the approval's note); null before any. */
  lastReviewerMessage: v.nullable(v.string()),
  /** The case in the bank, once approved. */
  caseId: v.nullable(v.number()),
  updatedAt: isoTime,
  submittedAt: v.nullable(isoTime),
})
export type MyContribution = v.InferOutput<typeof MyContributionSchema>

/** One contribution whole, for its author or a reviewer. */
export const ContributionSchema = v.object({
  id: v.number(),
  state: StateSchema,
  showName: v.boolean(),
  content: ContributionContentSchema,
  caseId: v.nullable(v.number()),
  /** The author's name, as reviewers see it (whatever the bank will show). */
  authorName: v.string(),
  /** The caller wrote it: what they may do follows (schemas/contributions/contribution.ts). */
  yours: v.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** The latest submission; null while it was never submitted. */
  submittedAt: v.nullable(isoTime),
  thread: v.array(ThreadEntrySchema),
})
export type Contribution = v.InferOutput<typeof ContributionSchema>

/** A contribution in the reviewers' queue. */
export const QueuedContributionSchema = v.object({
  id: v.number(),
  title: v.string(),
  topic: v.nullable(v.string()),
  authorName: v.string(),
  state: v.picklist(['SUBMITTED', 'CHANGES_REQUESTED']),
  /** When it was last submitted: the queue is oldest first. */
  submittedAt: isoTime,
})
export type QueuedContribution = v.InferOutput<typeof QueuedContributionSchema>
