import { contributionContracts } from '../../schemas/api/contributions.ts'
import type { ContributionSave } from '../../schemas/contributions/contribution-body.ts'
import { call } from './client.ts'

/** Contributed cases and their review (issue 35, item 1). */
export const contributionsApi = {
  mine: (signal?: AbortSignal) => call(contributionContracts.mine, { signal }),
  create: (body: ContributionSave) => call(contributionContracts.create, { body }),
  get: (id: number, signal?: AbortSignal) => call(contributionContracts.get, { params: { id: String(id) }, signal }),
  save: (id: number, body: ContributionSave) => call(contributionContracts.save, { params: { id: String(id) }, body }),
  submit: (id: number, note: string) => call(contributionContracts.submit, { params: { id: String(id) }, body: { note } }),
  remove: (id: number) => call(contributionContracts.remove, { params: { id: String(id) } }),
  queue: (signal?: AbortSignal) => call(contributionContracts.queue, { signal }),
  comment: (id: number, message: string) => call(contributionContracts.comment, { params: { id: String(id) }, body: { message } }),
  requestChanges: (id: number, message: string) => call(contributionContracts.requestChanges, { params: { id: String(id) }, body: { message } }),
  approve: (id: number, note: string) => call(contributionContracts.approve, { params: { id: String(id) }, body: { note } }),
}
