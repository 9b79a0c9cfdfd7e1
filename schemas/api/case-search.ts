import { BankCasePageSchema, CaseSearchQuery, ReviewerCasePageSchema } from '../case-search.ts'
import { route } from './contract.ts'

/** Find a case (issue 35): the same filters for both audiences, each answered only what it may know. */
export const caseSearchContracts = {
  /** Reviewers and admins: full text over the whole case, with its ratings and open problem reports. */
  reviewerSearch: route('GET', '/cases/search', { query: CaseSearchQuery, answer: ReviewerCasePageSchema }),
  /** Any candidate: the stations they may practise, never a title, script or checklist. */
  caseBank: route('GET', '/case-bank', { query: CaseSearchQuery, answer: BankCasePageSchema }),
}
