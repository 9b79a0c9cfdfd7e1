import styled from 'styled-components'
import type { TopicCoverage } from '../../schemas/progress.ts'
import { feedbackFilterHref } from '../dashboard/feedback-filter.ts'
import { Link } from 'wouter'
import { theme } from '../theme.ts'
import { dateFor, useShownZone } from '../board/times.ts'
import { formatNumber, Muted, Scroll, Section } from './progress-ui.tsx'

/** Every topic: the practised ones with their figures, the never-practised ones set apart so they stand out. */
export function Coverage({ coverage, days }: { coverage: TopicCoverage[]; days: number | null }) {
  const zone = useShownZone()
  const practised = coverage.filter((topic) => topic.stations > 0)
  const untouched = coverage.filter((topic) => topic.stations === 0)
  return (
    <Section aria-labelledby="coverage-heading">
      <h2 id="coverage-heading">Topic coverage</h2>
      {untouched.length > 0 && (
        <Untouched aria-labelledby="untouched-heading">
          <h3 id="untouched-heading">{days === null ? 'Never practised' : `Not practised in the last ${days} days`}</h3>
          <ul>
            {untouched.map((topic) => (
              <li key={topic.category}>{topic.category}</li>
            ))}
          </ul>
        </Untouched>
      )}
      {practised.length === 0 ? (
        <Muted>No topic practised in this period yet.</Muted>
      ) : (
        <Scroll tabIndex={0} role="region" aria-label="Topics practised">
          <table>
            <caption>Topics practised</caption>
            <thead>
              <tr>
                <th scope="col">Topic</th>
                <th scope="col">Stations</th>
                <th scope="col">Mean score (/12)</th>
                <th scope="col">Last practised</th>
              </tr>
            </thead>
            <tbody>
              {practised.map((topic) => (
                <tr key={topic.category}>
                  <th scope="row">
                    <Link href={feedbackFilterHref({ kind: 'topic', topic: topic.category, days })}>{topic.category}</Link>
                  </th>
                  <td>{topic.stations}</td>
                  <td>{formatNumber(topic.meanScore, 'Unassigned')}</td>
                  <td>{topic.lastPractisedAt && dateFor(topic.lastPractisedAt, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  )
}

const Untouched = styled.section`
  margin-bottom: 16px;
  padding: 12px 14px;
  border-left: 4px solid ${theme.color.warning};
  background: ${theme.color.warningSoft};
  border-radius: ${theme.radius.small};
  h3 { margin: 0 0 6px; color: ${theme.color.warning}; }
  ul { display: flex; flex-wrap: wrap; gap: 6px 16px; margin: 0; padding-left: 18px; }
`
