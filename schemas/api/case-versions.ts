import * as v from 'valibot'
import { CaseViewSchema, IdParams } from '../content.ts'
import { route } from './contract.ts'

/**
 * A case's history (issue 35, item 2): every save is kept as a version. Reviewers read it (a problem report names
 * the version it was about); only an admin restores one, which saves that version's text as the newest version.
 */

const VERSION_RULE = 'The version must be a positive whole number'
const VersionParams = v.object({
  ...IdParams.entries,
  version: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, VERSION_RULE), v.transform(Number)),
})

export const CaseVersionSummarySchema = v.object({
  version: v.number(),
  title: v.string(),
  /** The name of who saved it; null for the demo bank, an import, or an account deleted since. */
  savedBy: v.nullable(v.string()),
  savedAt: v.string(),
})
export type CaseVersionSummary = v.InferOutput<typeof CaseVersionSummarySchema>

export const caseVersionsContracts = {
  /** Newest first: the first is the case as it stands. */
  versions: route('GET', '/cases/:id/versions', { params: IdParams, answer: v.array(CaseVersionSummarySchema) }),
  caseVersion: route('GET', '/cases/:id/versions/:version', { params: VersionParams, answer: CaseViewSchema }),
  /** Answers the case as now saved, under its new version. */
  restoreVersion: route('POST', '/cases/:id/versions/:version/restore', { params: VersionParams, answer: CaseViewSchema }),
}
