import styled from 'styled-components'
import type { CriterionView } from '../../../schemas/content.ts'
import { DOMAIN_TEXT, domainGaps } from '../../../schemas/marking.ts'
import { theme } from '../../theme.ts'

/** The admin list's flags for a case whose feedback cannot get a full station result yet (issue 17). */
export function DomainGapTags({ criteria }: { criteria: CriterionView[] }) {
  const { unassigned, missing } = domainGaps(criteria)
  return (
    <>
      {unassigned > 0 && (
        <Warning>
          {unassigned} {unassigned === 1 ? 'criterion needs' : 'criteria need'} an exam domain
        </Warning>
      )}
      {unassigned === 0 && missing.length > 0 && <Warning>No {missing.map((domain) => DOMAIN_TEXT[domain].short).join(' or ')} criterion</Warning>}
    </>
  )
}

const Warning = styled.span`
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  font-size: 0.85rem;
  font-weight: 600;
  background: ${theme.color.warningSoft};
  color: ${theme.color.warning};
  border: 1px solid ${theme.color.warning};
`
