import styled from 'styled-components'
import { AREA_TEXT, DOMAIN_TEXT, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { Chip } from '../components/Chip.tsx'
import { theme } from '../theme.ts'
import { DisagreementMark } from './DisagreementMark.tsx'
import { disagreementKey } from './stations.ts'

/**
 * One feedback's station result as the exam's reads (issue 17): the three domain grades, the score out of 12,
 * the global judgement and the feedback areas ticked.
 */
export function StationResult({ item, disagreements }: { item: FeedbackReceivedItem; disagreements: ReadonlySet<string> }) {
  const score = item.stationScore === null ? '–' : String(item.stationScore)
  return (
    // A group, not a region: one per rater's sheet, and landmarks must be unique (issue 29).
    <Result role="group" aria-label="Station result">
      <Score aria-label={item.stationScore === null ? 'Station score not available: not every domain was graded' : `Station score ${score} out of ${MAX_STATION_SCORE}`}>
        <strong>
          {score} / {MAX_STATION_SCORE}
        </strong>
        <span>station score</span>
      </Score>
      <Domains>
        {item.domainScores.map((domain) => (
          <li key={domain.domain}>
            <span>
              {DOMAIN_TEXT[domain.domain].short} {disagreements.has(disagreementKey.domain(domain.domain)) && <DisagreementMark />}
            </span>
            <Grade aria-label={domain.grade ? `grade ${domain.grade}, ${domain.points} of 4` : 'not graded'}>
              {domain.grade ? `${domain.grade} (${domain.points})` : '–'}
            </Grade>
          </li>
        ))}
      </Domains>
      {item.stationScore === null && (
        <Note>
          No score out of 12: nothing was marked in{' '}
          {item.domainScores.filter((domain) => domain.grade === null).map((domain) => DOMAIN_TEXT[domain.domain].short).join(' or ')}.
        </Note>
      )}
      <Judgement>
        Judgement: <strong>{item.globalJudgement ? JUDGEMENT_TEXT[item.globalJudgement].label : 'not given'}</strong>
      </Judgement>
      {item.feedbackAreas.length > 0 && (
        <Areas aria-label="Feedback areas">
          {item.feedbackAreas.map((area) => (
            <Chip as="li" $tone="warning" key={area} title={AREA_TEXT[area].explanation}>
              {AREA_TEXT[area].label}
            </Chip>
          ))}
        </Areas>
      )}
    </Result>
  )
}

const Result = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin-top: 12px;
  padding: 10px 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.background};
  @media (max-width: 400px) { grid-template-columns: 1fr; }
`

const Score = styled.p`
  grid-row: span 2;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  margin: 0;
  strong { font-size: 1.4rem; }
  span { font-size: 0.8rem; color: ${theme.color.muted}; }
  @media (max-width: 400px) { grid-row: auto; flex-direction: row; gap: 8px; align-items: baseline; }
`

const Domains = styled.ul`
  display: grid;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; }
`

const Grade = styled.span`
  font-weight: 700;
  white-space: nowrap;
`

const Note = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.85rem;
`

const Judgement = styled.p`
  margin: 0;
`

const Areas = styled.ul`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`
