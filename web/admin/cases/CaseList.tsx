import styled from 'styled-components'
import type { ReviewerCaseHit } from '../../../schemas/case-search.ts'
import type { CaseView } from '../../../schemas/content.ts'
import { theme } from '../../theme.ts'
import { EmptyState, RowActions, SmallButton } from '../controls.tsx'
import { CaseHistoryButton } from './CaseHistoryDialog.tsx'
import { CaseStanding } from './CaseSearch.tsx'
import { DomainGapTags } from './DomainGapTags.tsx'

interface CaseListProps {
  cases: CaseView[]
  filtered: boolean
  onEdit: (item: CaseView) => void
  onDelete: (item: CaseView) => void
  /** A version restored from the case's history: the case as now saved. */
  onRestored: (saved: CaseView) => void
  /** The case's ratings and open problem reports, as the search answered them. */
  standing: (id: number) => ReviewerCaseHit | undefined
}

export function CaseList({ cases, filtered, onEdit, onDelete, onRestored, standing }: CaseListProps) {
  if (cases.length === 0) {
    return <EmptyState>{filtered ? 'No cases match your search.' : 'No cases yet. Add the first one.'}</EmptyState>
  }
  return (
    <List aria-label="Cases">
      {cases.map((item) => (
        <Item key={item.id}>
          <Details>
            <h3>{item.title}</h3>
            <Tags>
              <Tag>{item.category.name}</Tag>
              {item.isRecallCase && <Tag $tone="recall">Recall</Tag>}
              {item.telephoneConsultation && <Tag>Telephone</Tag>}
              <DomainGapTags criteria={item.feedbackCriteria} />
            </Tags>
            {item.description && <Description>{item.description}</Description>}
            <Facts>
              {item.doctorSections.length} doctor / {item.patientSections.length} patient sections · {item.feedbackCriteria.length} criteria
              {item.recallDates.length > 0 && ` · recalled ${item.recallDates.join(', ')}`}
              {item.version !== undefined && ` · version ${item.version}`}
              {item.contributorName && ` · contributed by ${item.contributorName}`}
            </Facts>
            <CaseStanding hit={standing(item.id)} />
          </Details>
          <RowActions>
            <SmallButton type="button" $variant="secondary" onClick={() => onEdit(item)} aria-label={`Edit ${item.title}`}>
              Edit
            </SmallButton>
            <CaseHistoryButton item={item} onRestored={onRestored} />
            <SmallButton type="button" $variant="secondary" onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
              Delete
            </SmallButton>
          </RowActions>
        </Item>
      ))}
    </List>
  )
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
`

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
`

const Details = styled.div`
  flex: 1 1 280px;
  min-width: 0;
  overflow-wrap: anywhere;
  h3 { font-size: 1.1rem; margin: 0 0 6px; }
`

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 6px;
`

const Tag = styled.span<{ $tone?: 'recall' }>`
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  font-size: 0.85rem;
  font-weight: 600;
  background: ${({ $tone }) => ($tone === 'recall' ? '#fef3c7' : theme.color.primarySoft)};
  color: ${({ $tone }) => ($tone === 'recall' ? '#92400e' : theme.color.primary)};
`

const Description = styled.p`
  margin: 0 0 6px;
  color: ${theme.color.text};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`

const Facts = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${theme.color.muted};
`
