import { caseSearchContracts } from '../../schemas/api/case-search.ts'
import type { CaseSearchQueryIn } from '../../schemas/case-search.ts'
import { call } from './client.ts'

/** Find a case (issue 35): reviewers search the whole case, candidates the stations they may practise. */
export const caseSearchApi = {
  reviewerSearch: (query: CaseSearchQueryIn, signal?: AbortSignal) => call(caseSearchContracts.reviewerSearch, { query, signal }),
  caseBank: (query: CaseSearchQueryIn, signal?: AbortSignal) => call(caseSearchContracts.caseBank, { query, signal }),
}
