import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { PartnerMatch } from '../../schemas/partners/matches.ts'
import { reliabilityWords } from '../../schemas/partners/reliability.ts'
import { monthName, readerLocale } from '../board/times.ts'
import { overlapInWords } from './overlap-words.ts'
import { CardListItem, FactList } from '../components/FactCard.ts'

/** What a page adds under a match: proposing a time, blocking, reporting (other parts of issue 36). */
export type MatchActions = (match: PartnerMatch) => ReactNode

/**
 * One candidate free when I am: name, exam month, zone and reliability (the two numbers only), and each time both
 * are free in my clock and theirs. Never an email.
 */
export function MatchCard({ match, zone, renderActions }: { match: PartnerMatch; zone: string; renderActions?: MatchActions }) {
  const headingId = `match-${match.userId}`
  const actions = renderActions?.(match)
  return (
    <Item aria-labelledby={headingId}>
      <h3 id={headingId}>{match.name}</h3>
      <Facts>
        <dt>Exam</dt>
        <dd>{match.examMonth ? monthName(match.examMonth) : 'Not given'}</dd>
        <dt>Time zone</dt>
        <dd>{match.timeZone}</dd>
        <dt>Reliability</dt>
        <dd>{reliabilityWords(match.reliability)}</dd>
      </Facts>
      <Lead id={`${headingId}-times`}>Free at the same time:</Lead>
      <Times aria-labelledby={`${headingId}-times`}>
        {match.overlaps.map((overlap) => (
          <li key={overlap.startsAt}>{overlapInWords(overlap, zone, match.timeZone, readerLocale())}</li>
        ))}
      </Times>
      {actions && <Actions>{actions}</Actions>}
    </Item>
  )
}

const Item = CardListItem
const Facts = FactList

const Lead = styled.p`
  margin: 0 0 4px;
  font-weight: 600;
`

const Times = styled.ul`
  margin: 0 0 12px;
  padding-left: 20px;
  li { overflow-wrap: anywhere; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
