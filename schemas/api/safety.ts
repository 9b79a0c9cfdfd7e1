import * as v from 'valibot'
import { IdParams } from '../content.ts'
import {
  BlockBody,
  BlockedPersonSchema,
  CandidateReportBody,
  CandidateReportListSchema,
  CandidateReportViewSchema,
  CloseCandidateReportBody,
  SharedSessionSchema,
  UserIdParams,
} from '../partners/safety.ts'
import { MessageAnswer, route } from './contract.ts'

/**
 * Safety between candidates (issue 36): blocks, and reports about a candidate. A signed-in user blocks, unblocks
 * and lists whom they blocked (nothing lists who blocked me), and reports someone they met; admins read and close
 * the reports. An admin suspending an account is in admin.ts.
 */
export const safetyContracts = {
  block: route('POST', '/blocks', { body: BlockBody, answer: MessageAnswer }),
  unblock: route('DELETE', '/blocks/:userId', { params: UserIdParams, answer: MessageAnswer }),
  blocks: route('GET', '/blocks', { answer: v.object({ blocked: v.array(BlockedPersonSchema) }) }),
  report: route('POST', '/candidate-reports', { body: CandidateReportBody, answer: MessageAnswer }),
  /** The sessions I shared with this person, for the report to name one: none for anyone else, as for a stranger. */
  sharedSessions: route('GET', '/candidate-reports/sessions/:userId', { params: UserIdParams, answer: v.object({ sessions: v.array(SharedSessionSchema) }) }),
  /** Admins only: open reports first, oldest first. */
  adminReports: route('GET', '/admin/candidate-reports', { answer: CandidateReportListSchema }),
  closeReport: route('POST', '/admin/candidate-reports/:id/close', {
    params: IdParams,
    body: CloseCandidateReportBody,
    answer: v.object({ message: v.string(), report: CandidateReportViewSchema }),
  }),
}
