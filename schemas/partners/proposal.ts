import * as v from 'valibot'
import { NOTE_MAX } from '../board.ts'

/**
 * Agreeing a time (issue 36): one candidate proposes a time to another (or to a listing's host, about that
 * listing); the other accepts, declines or proposes another (a counter), or the sender withdraws it. The bodies,
 * the limits and the one rule of who may do what in which state, shared by the server and the pages.
 * An accepted time becomes a planned session like a planned listing; its start obeys `plannedStartProblem` of
 * schemas/board.ts, checked with the clock by whoever holds one.
 */

/** Pending proposals one candidate may have sent at once: enough to ask around, too few to spam the board. */
export const MAX_PENDING_PROPOSALS = 10
/** Answered proposals stay in the list this long. */
export const ANSWERED_SHOWN_DAYS = 30
export const NO_SUCH_PROPOSAL = 'There is no such proposal'
export const TOO_MANY_PENDING = `You have ${MAX_PENDING_PROPOSALS} proposals waiting for an answer: withdraw one first`

export const PROPOSAL_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'COUNTERED', 'WITHDRAWN'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

const wholeId = (field: string, max: number) =>
  v.pipe(v.number(`${field} must be a number`), v.integer(`${field} must be a whole number`), v.minValue(1, `${field} must be a positive number`), v.maxValue(max, `${field} is too large`))

const startsAt = v.pipe(v.string('startsAt must be a date and time'), v.isoTimestamp('startsAt must be a date and time with a time zone'))
const note = v.optional(v.pipe(v.string('note must be text'), v.trim(), v.maxLength(NOTE_MAX, `The note is at most ${NOTE_MAX} characters`)), '')

/** POST /proposals: to a candidate (toUserId) or to a listing's host about that listing (listingId), exactly one. */
export const ProposeBody = v.pipe(
  v.strictObject({
    toUserId: v.optional(wholeId('toUserId', Number.MAX_SAFE_INTEGER)),
    listingId: v.optional(wholeId('listingId', 2_147_483_647)),
    startsAt,
    note,
  }),
  v.forward(
    v.check((body) => (body.toUserId === undefined) !== (body.listingId === undefined), 'Propose to a candidate (toUserId) or about a listing (listingId): one of the two'),
    ['toUserId'],
  ),
)
export type ProposeRequest = v.InferOutput<typeof ProposeBody>

/** POST /proposals/:id/counter: another time, proposed back the other way. */
export const CounterBody = v.strictObject({ startsAt, note })
export type CounterRequest = v.InferOutput<typeof CounterBody>

export const PROPOSAL_ACTIONS = ['accept', 'decline', 'counter', 'withdraw'] as const
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number]

/** What the rule needs to know of a proposal. */
export interface ProposalFacts {
  fromUserId: number
  toUserId: number
  status: ProposalStatus
  /** ISO, epoch ms or a Date: the proposed start. */
  startsAt: string | number | Date
}

/** Why an action is refused: the wrong person (403), or the proposal's state or time (409). */
export interface ProposalRefusal {
  kind: 'NOT_YOURS' | 'ANSWERED' | 'PAST'
  message: string
}

const ANSWERED: Record<Exclude<ProposalStatus, 'PENDING'>, string> = {
  ACCEPTED: 'This time has already been accepted',
  DECLINED: 'This time has been declined',
  COUNTERED: 'Another time was proposed instead of this one',
  WITHDRAWN: 'This proposal was withdrawn',
}

/**
 * Why `viewerId` may not do `action` to the proposal at `now`, or null when they may. The recipient accepts,
 * declines or counters while it is pending and its time is still to come; the sender withdraws while it is pending.
 */
export function proposalRefusal(proposal: ProposalFacts, viewerId: number, action: ProposalAction, now: number): ProposalRefusal | null {
  const answering = action !== 'withdraw'
  if (viewerId !== (answering ? proposal.toUserId : proposal.fromUserId)) {
    return { kind: 'NOT_YOURS', message: answering ? 'Only the person this time was proposed to can answer it' : 'Only the person who proposed this time can withdraw it' }
  }
  if (proposal.status !== 'PENDING') return { kind: 'ANSWERED', message: ANSWERED[proposal.status] }
  if (answering && new Date(proposal.startsAt).getTime() <= now) return { kind: 'PAST', message: 'This time has passed: propose a new one' }
  return null
}

export type ProposalActions = Record<ProposalAction, boolean>

/** Every action `viewerId` may take on the proposal at `now`: the buttons a page shows. */
export function proposalActions(proposal: ProposalFacts, viewerId: number, now: number): ProposalActions {
  return {
    accept: proposalRefusal(proposal, viewerId, 'accept', now) === null,
    decline: proposalRefusal(proposal, viewerId, 'decline', now) === null,
    counter: proposalRefusal(proposal, viewerId, 'counter', now) === null,
    withdraw: proposalRefusal(proposal, viewerId, 'withdraw', now) === null,
  }
}

/** A pending proposal whose time came before anyone answered: nobody can accept it any more. */
export const lapsed = (proposal: Pick<ProposalFacts, 'status' | 'startsAt'>, now: number) => proposal.status === 'PENDING' && new Date(proposal.startsAt).getTime() <= now

/** One proposal as its two parties see it: the other person's name and zone, never an email. */
export const ProposalSchema = v.object({
  id: v.number(),
  direction: v.picklist(['INCOMING', 'OUTGOING']),
  other: v.object({ userId: v.number(), name: v.string(), timeZone: v.nullable(v.string()) }),
  /** ISO. */
  startsAt: v.string(),
  note: v.string(),
  status: v.picklist(PROPOSAL_STATUSES),
  /** Proposed about this listing (its session's settings are copied), or null. */
  listingId: v.nullable(v.number()),
  /** Accepted: the planned session's code. */
  sessionCode: v.nullable(v.string()),
  actions: v.object({ accept: v.boolean(), decline: v.boolean(), counter: v.boolean(), withdraw: v.boolean() }),
})
export type Proposal = v.InferOutput<typeof ProposalSchema>
