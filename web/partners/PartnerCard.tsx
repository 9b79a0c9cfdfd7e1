import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { Partner } from '../../schemas/partners/my-partners.ts'
import { reliabilityWords } from '../../schemas/partners/reliability.ts'
import { dateFor, monthName } from '../board/times.ts'
import { counted } from '../session/room/words.ts'
import { CardListItem, FactList } from '../components/FactCard.ts'

/**
 * One person I have practised with: what we did together and how reliably they come to planned sessions. The
 * actions on them (practise again, remove, and any others) are the page's, given as children.
 */
export function PartnerCard({ partner, zone, children }: { partner: Partner; zone: string; children: ReactNode }) {
  const headingId = `partner-${partner.userId}`
  return (
    <Item aria-labelledby={headingId}>
      <h3 id={headingId}>{partner.name}</h3>
      <Facts>
        <dt>Exam</dt>
        <dd>{partner.examMonth ? monthName(partner.examMonth) : 'Not given'}</dd>
        <dt>Together</dt>
        <dd>{counted(partner.stationsTogether, 'station')}</dd>
        <dt>Last</dt>
        <dd>
          <time dateTime={partner.lastPractisedAt}>{dateFor(partner.lastPractisedAt, zone)}</time>
        </dd>
        <dt>Reliability</dt>
        <dd>{reliabilityWords(partner.reliability)}</dd>
      </Facts>
      <Actions>{children}</Actions>
    </Item>
  )
}

export const PartnerList = styled.ul`
  display: grid;
  gap: 12px;
  padding: 0;
  margin: 0 0 24px;
`

const Item = CardListItem
const Facts = styled(FactList)`
  margin-bottom: 12px;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
