import { safetyContracts } from '../../schemas/api/safety.ts'
import type { CandidateReportInput, CloseCandidateReportInput } from '../../schemas/partners/safety.ts'
import { call } from './client.ts'

/** Blocks and reports about a candidate (issue 36): the candidate's side and the admins' list. */
export const safetyApi = {
  block: (userId: number) => call(safetyContracts.block, { body: { userId } }),
  unblock: (userId: number) => call(safetyContracts.unblock, { params: { userId } }),
  blocked: (signal?: AbortSignal) => call(safetyContracts.blocks, { signal }).then((answer) => answer.blocked),
  report: (body: CandidateReportInput) => call(safetyContracts.report, { body }),
  sharedSessions: (userId: number, signal?: AbortSignal) => call(safetyContracts.sharedSessions, { params: { userId }, signal }).then((answer) => answer.sessions),
  adminReports: (signal?: AbortSignal) => call(safetyContracts.adminReports, { signal }),
  closeReport: (id: number, body: CloseCandidateReportInput) => call(safetyContracts.closeReport, { params: { id }, body }),
}
