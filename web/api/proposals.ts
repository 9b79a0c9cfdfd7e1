import { proposalContracts } from '../../schemas/api/proposals.ts'
import type { BodyIn } from '../../schemas/api/contract.ts'
import { call } from './client.ts'

/** Agreeing a time with a partner (issue 36): propose, answer, counter, withdraw, and my proposals both ways. */
export const proposalsApi = {
  mine: (signal?: AbortSignal) => call(proposalContracts.list, { signal }).then((answer) => answer.proposals),
  propose: (body: BodyIn<typeof proposalContracts.propose>) => call(proposalContracts.propose, { body }),
  accept: (id: number) => call(proposalContracts.accept, { params: { id } }),
  decline: (id: number) => call(proposalContracts.decline, { params: { id } }),
  counter: (id: number, body: BodyIn<typeof proposalContracts.counter>) => call(proposalContracts.counter, { params: { id }, body }),
  withdraw: (id: number) => call(proposalContracts.withdraw, { params: { id } }),
}
