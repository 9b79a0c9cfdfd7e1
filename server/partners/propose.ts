import { plannedStartProblem } from '../../schemas/board.ts'
import { NO_SUCH_CANDIDATE } from '../../schemas/partners/safety.ts'
import { MAX_PENDING_PROPOSALS, TOO_MANY_PENDING, type CounterRequest, type ProposeRequest } from '../../schemas/partners/proposal.ts'
import type { Mail } from '../accounts/mailer.ts'
import { findListing, isOnBoard } from '../board/listings-repo.ts'
import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { proposedMail } from './proposal-mail.ts'
import { insertProposal, moveProposal, partiesOf, pendingSentBy, proposalOf, reachableCandidate, type NewProposal, type ProposalRow } from './proposals-repo.ts'

/** Making a proposal, first or proposed back (a counter): the checks every new proposal passes, and its mail. */

export interface ProposeContext {
  db: Db
  now: number
  send(mail: Mail): void
  /** The partners page, linked from the mail. */
  link: string
}

type Me = Pick<UserRow, 'id' | 'hidden_from_board'>

export const NO_SUCH_LISTING = 'There is no such listing'
/** A time proposed to a candidate is hosted by its sender, and a hidden host's listing takes no seat. */
export const HIDDEN_PROPOSER = 'You are hidden from Find Partners: show yourself in your partner settings to propose a time'

/** The start must be to come, within the days a planned listing may be ahead. */
function requireStart(context: ProposeContext, startsAt: string) {
  const problem = plannedStartProblem(startsAt, context.now)
  if (problem) throw badRequest(problem, { validationErrors: { startsAt: problem } })
}

/** The sender's visibility and their pending count, as every new proposal must pass them. */
async function requireProposable(context: ProposeContext, me: Me, hostedByMe: boolean) {
  if (hostedByMe && me.hidden_from_board) throw conflict(HIDDEN_PROPOSER)
  if ((await pendingSentBy(context.db, me.id, context.now)) >= MAX_PENDING_PROPOSALS) throw conflict(TOO_MANY_PENDING)
}

/** The new proposal, read back as its parties see it, and its recipient told by mail. */
async function announced(context: ProposeContext, id: number, me: Me, counter: boolean): Promise<ProposalRow> {
  const row = await proposalOf(context.db, id, me.id, context.now)
  if (!row) throw notFound(NO_SUCH_CANDIDATE)
  const { from, to } = partiesOf(row)
  context.send(proposedMail(to, from, new Date(row.starts_at), row.note, context.link, counter))
  return row
}

/**
 * Who a new proposal goes to: a candidate the sender may reach (not themselves, on the board, not suspended, no
 * block between them: any other is "no such candidate"), or the host of an open listing the sender may see.
 */
async function recipientOf(context: ProposeContext, me: Me, body: ProposeRequest): Promise<Pick<NewProposal, 'toUserId' | 'listingId'>> {
  if (body.toUserId !== undefined) {
    const candidate = await reachableCandidate(context.db, me.id, body.toUserId, context.now)
    if (!candidate) throw notFound(NO_SUCH_CANDIDATE)
    return { toUserId: candidate.id, listingId: null }
  }
  const listing = await findListing(context.db, body.listingId!)
  if (!listing || !isOnBoard(listing)) throw notFound(NO_SUCH_LISTING)
  if (listing.host_user_id === me.id) throw conflict('This is your own listing: change its time on its session page')
  if (!(await reachableCandidate(context.db, me.id, listing.host_user_id, context.now))) throw notFound(NO_SUCH_LISTING)
  return { toUserId: listing.host_user_id, listingId: listing.id }
}

export async function propose(context: ProposeContext, me: Me, body: ProposeRequest): Promise<ProposalRow> {
  requireStart(context, body.startsAt)
  const recipient = await recipientOf(context, me, body)
  await requireProposable(context, me, recipient.listingId === null)
  const id = await insertProposal(context.db, { fromUserId: me.id, ...recipient, startsAt: body.startsAt, note: body.note })
  return announced(context, id, me, false)
}

/**
 * Another time, proposed back to the sender of `answered`: that one becomes COUNTERED and the new one, the
 * other way, names it. In one transaction whose first statement moves `answered` only while it is pending, so of
 * two counters at once one is made. Null when it was answered meanwhile.
 */
export async function counter(context: ProposeContext, me: Me, answered: ProposalRow, body: CounterRequest): Promise<ProposalRow | null> {
  requireStart(context, body.startsAt)
  await requireProposable(context, me, answered.listing_id === null)
  const id = await context.db.transaction().execute(async (trx) => {
    if (!(await moveProposal(trx, answered.id, 'COUNTERED', me.id, context.now))) return null
    return insertProposal(trx, { fromUserId: me.id, toUserId: answered.from_user_id, listingId: answered.listing_id, startsAt: body.startsAt, note: body.note, replacesId: answered.id })
  })
  return id === null ? null : announced(context, id, me, true)
}
