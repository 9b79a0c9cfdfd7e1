/**
 * Who may do what with a contributed case, in which state (issue 35, item 1). The one place these rules live:
 * the server refuses with these words, and the pages show only the buttons this allows.
 *
 * DRAFT -> SUBMITTED (the author) -> CHANGES_REQUESTED (a reviewer) -> SUBMITTED again (the author) -> ...
 * -> APPROVED (a reviewer), which is final: the case is in the bank and is edited there from then on.
 */

import { REVIEWER_REQUIRED } from '../auth.ts'

export const CONTRIBUTION_STATES = ['DRAFT', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED'] as const
export type ContributionState = (typeof CONTRIBUTION_STATES)[number]

export const CONTRIBUTION_ACTIONS = ['save', 'submit', 'delete', 'comment', 'requestChanges', 'approve'] as const
export type ContributionAction = (typeof CONTRIBUTION_ACTIONS)[number]

/** Who is asking about which contribution. */
export interface ContributionStanding {
  state: ContributionState
  isAuthor: boolean
  /** An admin or a reviewer (schemas/auth.ts mayReview). */
  mayReview: boolean
  /** It was submitted at least once: from then on reviewers see it, and it is no longer the author's to delete. */
  everSubmitted: boolean
}

/** A refusal: `forbidden` when the person may never do it, `conflict` when the contribution's state is the reason. */
export interface ContributionRefusal {
  kind: 'forbidden' | 'conflict'
  message: string
}

export const NO_SUCH_CONTRIBUTION = 'There is no such contribution'
export const ONLY_THE_AUTHOR = 'Only its author can change a contribution'
export const NOT_YOUR_OWN = 'Nobody reviews their own contribution: another reviewer will'
export const ALREADY_APPROVED = 'This case has been approved: it is in the case bank now, and is edited there'
export const WAITING_FOR_REVIEW = 'This case is waiting for review: you can change it again if the reviewer asks for changes'
export const NOT_SUBMITTED = 'This case is not waiting for review'
export const WAITING_FOR_AUTHOR = 'This case is waiting for its author to make the changes asked for'
export const DELETE_ONLY_DRAFTS = 'Only a draft that was never submitted can be deleted'

/** Drafts are private to their author until the first submission; reviewers see every one submitted since. */
export const maySee = ({ isAuthor, mayReview, everSubmitted }: Omit<ContributionStanding, 'state'>) => isAuthor || (mayReview && everSubmitted)

const forbidden = (message: string): ContributionRefusal => ({ kind: 'forbidden', message })
const conflict = (message: string): ContributionRefusal => ({ kind: 'conflict', message })

function authorRefusal(standing: ContributionStanding): ContributionRefusal | null {
  if (!standing.isAuthor) return forbidden(ONLY_THE_AUTHOR)
  if (standing.state === 'APPROVED') return conflict(ALREADY_APPROVED)
  if (standing.state === 'SUBMITTED') return conflict(WAITING_FOR_REVIEW)
  return null
}

function reviewerRefusal(standing: ContributionStanding, during: readonly ContributionState[]): ContributionRefusal | null {
  if (!standing.mayReview) return forbidden(REVIEWER_REQUIRED)
  if (standing.isAuthor) return forbidden(NOT_YOUR_OWN)
  if (standing.state === 'APPROVED') return conflict(ALREADY_APPROVED)
  if (during.includes(standing.state)) return null
  return conflict(standing.state === 'CHANGES_REQUESTED' ? WAITING_FOR_AUTHOR : NOT_SUBMITTED)
}

/** Why this person may not do this now, or null when they may. */
export function contributionRefusal(action: ContributionAction, standing: ContributionStanding): ContributionRefusal | null {
  switch (action) {
    case 'save':
    case 'submit':
      return authorRefusal(standing)
    case 'delete':
      if (!standing.isAuthor) return forbidden(ONLY_THE_AUTHOR)
      return standing.state === 'DRAFT' && !standing.everSubmitted ? null : conflict(DELETE_ONLY_DRAFTS)
    case 'comment':
      // A comment may also follow a request for changes, while the author works on them.
      return reviewerRefusal(standing, ['SUBMITTED', 'CHANGES_REQUESTED'])
    case 'requestChanges':
    case 'approve':
      return reviewerRefusal(standing, ['SUBMITTED'])
  }
}

/** What the pages offer this person now. */
export const allowedActions = (standing: ContributionStanding): ContributionAction[] =>
  CONTRIBUTION_ACTIONS.filter((action) => contributionRefusal(action, standing) === null)

/** The state in words, as the author's list shows it; a request for changes quotes the reviewer. */
export function stateInWords(state: ContributionState, lastReviewerMessage: string | null): string {
  switch (state) {
    case 'DRAFT':
      return 'Draft'
    case 'SUBMITTED':
      return 'Waiting for review'
    case 'CHANGES_REQUESTED':
      return lastReviewerMessage ? `Changes requested: ${lastReviewerMessage}` : 'Changes requested'
    case 'APPROVED':
      return 'Approved: in the bank'
  }
}

/** At most this many of an author's contributions may be unapproved at once: drafts are not a free store. */
export const OPEN_CONTRIBUTIONS_MAX = 30
export const TOO_MANY_OPEN = `You have ${OPEN_CONTRIBUTIONS_MAX} cases that are not approved yet: finish or delete one before starting another`
