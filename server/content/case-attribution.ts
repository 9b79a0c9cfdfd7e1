import type { CaseAttribution } from '../../schemas/practice-material.ts'

/**
 * What a case's row says of its origin, as every view of it carries it (schemas/practice-material.ts): whether a
 * candidate contributed it (known while their account is kept), and the name they chose to show.
 */
export function storedAttribution(row: { contributor_id: number | null; contributor_name: string | null }): CaseAttribution {
  return { contributed: row.contributor_id !== null, contributorName: row.contributor_name }
}
