import * as v from 'valibot'
import { CaseFeedbackSourceQuery, CaseRatingBody, MyCaseRatingSchema, ProblemReportBody, SavedCaseRatingSchema } from '../case-feedback.ts'
import { IdParams } from '../content.ts'
import { ProblemQueueQuery, ProblemReportPageSchema, ProblemReportViewSchema, ResolveReportBody } from '../problem-reports.ts'
import { MessageAnswer, route } from './contract.ts'

/**
 * A case's ratings and problem reports (issue 35). A participant rates or reports the case of a station they
 * played, once it is over, naming where (a session's round or a solo station); reviewers work through the reports.
 */
export const caseFeedbackContracts = {
  rate: route('POST', '/case-ratings', { body: CaseRatingBody, answer: SavedCaseRatingSchema }),
  /** The caller's rating of the case played there, so the form shows what they gave. */
  myRating: route('GET', '/case-ratings/mine', { query: CaseFeedbackSourceQuery, answer: MyCaseRatingSchema }),
  report: route('POST', '/case-problem-reports', { body: ProblemReportBody, answer: MessageAnswer }),
  /** Reviewers only. */
  queue: route('GET', '/case-problem-reports', { query: ProblemQueueQuery, answer: ProblemReportPageSchema }),
  resolve: route('POST', '/case-problem-reports/:id/resolution', {
    params: IdParams,
    body: ResolveReportBody,
    answer: v.object({ message: v.string(), report: ProblemReportViewSchema }),
  }),
}
