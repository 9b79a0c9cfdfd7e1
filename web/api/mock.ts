import { mockContracts } from '../../schemas/api/mock.ts'
import { call } from './client.ts'

/** A mock exam's result sheet and its private link (issue 33). */
export const mockApi = {
  resultSheet: (code: string, signal?: AbortSignal) => call(mockContracts.resultSheet, { params: { code }, signal }),
  share: (code: string, signal?: AbortSignal) => call(mockContracts.share, { params: { code }, signal }),
  createShare: (code: string) => call(mockContracts.createShare, { params: { code } }),
  revokeShare: (code: string) => call(mockContracts.revokeShare, { params: { code } }),
  shared: (token: string, signal?: AbortSignal) => call(mockContracts.shared, { params: { token }, signal }),
}
