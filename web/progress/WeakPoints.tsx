import styled from 'styled-components'
import { Link } from 'wouter'
import { AREA_TEXT, DOMAIN_TEXT } from '../../schemas/marking.ts'
import { MIN_RATINGS, type AreaCount, type DomainSummary, type WeakPoint } from '../../schemas/progress.ts'
import { feedbackFilterHref } from '../dashboard/feedback-filter.ts'
import { theme } from '../theme.ts'
import { gradeOfMean } from '../../schemas/session/station-result.ts'
import { counted } from '../session/room/words.ts'
import { formatNumber, Muted, nearestScoreWord, Section } from './progress-ui.tsx'

interface WeakPointsProps {
  weakest: WeakPoint[]
  areas: AreaCount[]
  domains: DomainSummary[]
  unassignedFeedback: number
  days: number | null
}

const nameOf = (point: WeakPoint) => (point.kind === 'domain' ? `${DOMAIN_TEXT[point.domain].short} (domain)` : point.criterion)

/** The lowest means and the areas ticked most, each a link to the feedback cards behind it; then every domain. */
export function WeakPoints({ weakest, areas, domains, unassignedFeedback, days }: WeakPointsProps) {
  return (
    <Section aria-labelledby="weakest-heading">
      <h2 id="weakest-heading">Weakest points</h2>
      {weakest.length === 0 ? (
        <Muted>Nothing yet: a domain or criterion shows here once it has at least {counted(MIN_RATINGS, 'rating')}.</Muted>
      ) : (
        <Ranked>
          {weakest.map((point) => (
            <li key={nameOf(point)}>
              <Link href={feedbackFilterHref(point.kind === 'domain' ? { kind: 'domain', domain: point.domain, days } : { kind: 'criterion', criterion: point.criterion, days })}>
                {nameOf(point)}
              </Link>
              <span>
                mean {formatNumber(point.mean)} / 4, {point.kind === 'domain' ? `grade ${gradeOfMean(point.mean).grade}` : `nearest “${nearestScoreWord(point.mean)}”`}, over{' '}
                {counted(point.ratings, 'rating')}
              </span>
            </li>
          ))}
        </Ranked>
      )}
      <h3>Feedback areas ticked most often</h3>
      {areas.length === 0 ? (
        <Muted>No feedback area ticked in this period.</Muted>
      ) : (
        <Ranked>
          {areas.map(({ area, count }) => (
            <li key={area}>
              <Link href={feedbackFilterHref({ kind: 'area', area, days })}>{AREA_TEXT[area].label}</Link>
              <span>
                {counted(count, 'time')}: {AREA_TEXT[area].explanation}
              </span>
            </li>
          ))}
        </Ranked>
      )}
      <h3>Domains</h3>
      <Ranked as="ul">
        {domains.map((summary) => (
          <li key={summary.domain}>
            <strong>{DOMAIN_TEXT[summary.domain].label}</strong>
            <span>
              {summary.mean === null
                ? 'Not graded yet'
                : `grade ${gradeOfMean(summary.mean).grade}: mean ${formatNumber(summary.mean)} / 4 over ${counted(summary.ratings, 'rating')}`}
            </span>
          </li>
        ))}
      </Ranked>
      {unassignedFeedback > 0 && (
        <Muted>Unassigned: {counted(unassignedFeedback, 'feedback', 'feedbacks')} given before domains existed, left out of the domain means.</Muted>
      )}
    </Section>
  )
}

const Ranked = styled.ol`
  margin: 0;
  padding-left: 22px;
  display: grid;
  gap: 8px;
  li { overflow-wrap: anywhere; }
  a { font-weight: 600; display: inline-block; min-height: 24px; }
  span { display: block; color: ${theme.color.muted}; font-size: 0.9rem; }
`
