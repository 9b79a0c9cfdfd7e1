import * as v from 'valibot'
import { ApproveBody, ContributionSaveBody, ContributionSubmitBody, ReviewMessageBody } from '../contributions/contribution-body.ts'
import { NO_SUCH_CONTRIBUTION } from '../contributions/contribution.ts'
import { ContributionSchema, MyContributionSchema, QueuedContributionSchema } from '../contributions/contribution-wire.ts'
import { MessageAnswer, route } from './contract.ts'

const ContributionParams = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, NO_SUCH_CONTRIBUTION), v.transform(Number)) })
const one = { params: ContributionParams, answer: ContributionSchema }

/**
 * Cases candidates contribute, and their review (issue 35, item 1). Authors reach only their own; reviewers
 * (admins and the Reviewer role) every submitted one; anyone else is told there is no such contribution.
 */
export const contributionContracts = {
  /** The caller's own, newest first. */
  mine: route('GET', '/contributions/mine', { answer: v.array(MyContributionSchema) }),
  create: route('POST', '/contributions', { body: ContributionSaveBody, answer: ContributionSchema }),
  get: route('GET', '/contributions/:id', one),
  save: route('PUT', '/contributions/:id', { ...one, body: ContributionSaveBody }),
  submit: route('POST', '/contributions/:id/submit', { ...one, body: ContributionSubmitBody }),
  /** Only a draft never submitted: once a reviewer has seen it, it stays in the thread's history. */
  remove: route('DELETE', '/contributions/:id', { params: ContributionParams, answer: MessageAnswer }),
  /** Reviewers: waiting for review first, oldest first; then those waiting for their author. */
  queue: route('GET', '/contributions/queue', { answer: v.array(QueuedContributionSchema) }),
  comment: route('POST', '/contributions/:id/comments', { ...one, body: ReviewMessageBody }),
  requestChanges: route('POST', '/contributions/:id/request-changes', { ...one, body: ReviewMessageBody }),
  approve: route('POST', '/contributions/:id/approve', { ...one, body: ApproveBody }),
}
