import { accountsContracts } from './accounts.ts'
import { adminContracts } from './admin.ts'
import { adminSessionContracts } from './admin-sessions.ts'
import { availabilityContracts } from './availability.ts'
import { boardContracts } from './board.ts'
import { casePackContracts } from './case-packs.ts'
import { caseFeedbackContracts } from './case-feedback.ts'
import { caseSearchContracts } from './case-search.ts'
import { caseVersionsContracts } from './case-versions.ts'
import { contactContracts } from './contact.ts'
import { contentContracts } from './content.ts'
import { contributionContracts } from './contributions.ts'
import type { RouteContract } from './contract.ts'
import { mockContracts } from './mock.ts'
import { myPartnersContracts } from './my-partners.ts'
import { progressContracts } from './progress.ts'
import { proposalContracts } from './proposals.ts'
import { rtcContracts } from './rtc.ts'
import { safetyContracts } from './safety.ts'
import { sessionContracts } from './sessions.ts'
import { siteContracts } from './site.ts'
import { soloContracts } from './solo.ts'

/**
 * Every route of the API, by area. The server registers each with `serve` and a test holds the two lists equal
 * (test/server/route-contracts.test.ts); the web imports an area's file, never this one, so that a page's bundle
 * carries only the schemas it calls.
 */
export const API_CONTRACTS: Record<string, Record<string, RouteContract>> = {
  accounts: accountsContracts,
  admin: adminContracts,
  adminSessions: adminSessionContracts,
  availability: availabilityContracts,
  board: boardContracts,
  casePacks: casePackContracts,
  caseFeedback: caseFeedbackContracts,
  caseSearch: caseSearchContracts,
  caseVersions: caseVersionsContracts,
  contact: contactContracts,
  content: contentContracts,
  contributions: contributionContracts,
  mock: mockContracts,
  myPartners: myPartnersContracts,
  progress: progressContracts,
  proposals: proposalContracts,
  rtc: rtcContracts,
  safety: safetyContracts,
  sessions: sessionContracts,
  site: siteContracts,
  solo: soloContracts,
}
