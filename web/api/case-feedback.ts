import { caseFeedbackContracts } from '../../schemas/api/case-feedback.ts'
import type { CaseFeedbackSource, CaseRatingInput, ProblemReportInput } from '../../schemas/case-feedback.ts'
import type { ResolveReportInput } from '../../schemas/problem-reports.ts'
import { call } from './client.ts'

/** A source as the query string spells it. */
const sourceQuery = (source: CaseFeedbackSource) =>
  'soloStationId' in source ? { soloStationId: String(source.soloStationId) } : { sessionCode: source.sessionCode, round: String(source.round) }

/** A case's ratings and problem reports (issue 35): the participant's form and the reviewers' queue. */
export const caseFeedbackApi = {
  myRating: (source: CaseFeedbackSource, signal?: AbortSignal) => call(caseFeedbackContracts.myRating, { query: sourceQuery(source), signal }),
  rate: (body: CaseRatingInput) => call(caseFeedbackContracts.rate, { body }),
  report: (body: ProblemReportInput) => call(caseFeedbackContracts.report, { body }),
  queue: (page: number, signal?: AbortSignal) => call(caseFeedbackContracts.queue, { query: { page: String(page) }, signal }),
  resolve: (id: number, body: ResolveReportInput) => call(caseFeedbackContracts.resolve, { params: { id }, body }),
  /** The case as it was at the version reported. */
}
