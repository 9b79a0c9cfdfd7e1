import * as v from 'valibot'
import { IdParams } from '../content.ts'
import { CounterBody, ProposalSchema, ProposeBody } from '../partners/proposal.ts'
import { MessageAnswer, route } from './contract.ts'

/** Agreeing a time with a partner (issue 36): propose, answer, counter, withdraw, and my proposals both ways. */

const oneProposal = v.object({ proposal: ProposalSchema, message: v.string() })

export const proposalContracts = {
  propose: route('POST', '/proposals', { body: ProposeBody, answer: oneProposal }),
  /** Mine both ways: pending first, then those answered in the last 30 days. */
  list: route('GET', '/proposals', { answer: v.object({ proposals: v.array(ProposalSchema) }) }),
  /** The accepted time becomes a planned session: its code, for the role page. */
  accept: route('POST', '/proposals/:id/accept', { params: IdParams, answer: v.object({ sessionCode: v.string(), message: v.string() }) }),
  decline: route('POST', '/proposals/:id/decline', { params: IdParams, answer: MessageAnswer }),
  /** Another time, proposed back: the answer is the new proposal. */
  counter: route('POST', '/proposals/:id/counter', { params: IdParams, body: CounterBody, answer: oneProposal }),
  withdraw: route('POST', '/proposals/:id/withdraw', { params: IdParams, answer: MessageAnswer }),
}
