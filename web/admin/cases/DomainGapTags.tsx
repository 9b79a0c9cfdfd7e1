import type { CriterionView } from '../../../schemas/content.ts'
import { DOMAIN_TEXT, domainGaps } from '../../../schemas/marking.ts'
import { Chip } from '../../components/Chip.tsx'

/** The admin list's flags for a case whose feedback cannot get a full station result yet (issue 17). */
export function DomainGapTags({ criteria }: { criteria: CriterionView[] }) {
  const { unassigned, missing } = domainGaps(criteria)
  if (criteria.length === 0) return <Chip $tone="warning">No feedback criteria</Chip>
  return (
    <>
      {unassigned > 0 && (
        <Chip $tone="warning">
          {unassigned} {unassigned === 1 ? 'criterion needs' : 'criteria need'} an exam domain
        </Chip>
      )}
      {unassigned === 0 && missing.length > 0 && <Chip $tone="warning">No {missing.map((domain) => DOMAIN_TEXT[domain].short).join(' or ')} criterion</Chip>}
    </>
  )
}
