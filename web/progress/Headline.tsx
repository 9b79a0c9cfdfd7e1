import styled from 'styled-components'
import { AREA_TEXT, DOMAIN_TEXT, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { RECENT_STATIONS, type AreaCount, type DomainSummary, type ProgressHeadline } from '../../schemas/progress.ts'
import { gradeOfMean, MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import { counted } from '../session/room/words.ts'
import { theme } from '../theme.ts'
import { formatNumber, percent } from './progress-ui.tsx'

/** How many of the feedback areas ticked most the headline names; the weak points list them all. */
const TOP_AREAS = 3

/**
 * The figures at a glance, on the exam's scale first (issue 29): the station score out of 12, each domain's grade,
 * the observers' global judgement and the feedback areas ticked most; then how much was practised.
 */
export function Headline({ headline, domains, areas }: { headline: ProgressHeadline; domains: DomainSummary[]; areas: AreaCount[] }) {
  const { recentScore, recentJudgement } = headline
  const judgedWell = percent(recentJudgement.satisfactoryOrGood, recentJudgement.judged)
  const passing = `${JUDGEMENT_TEXT.SATISFACTORY.label} or ${JUDGEMENT_TEXT.GOOD.label}`
  const latest = `the latest, at most ${RECENT_STATIONS}`
  return (
    <Figures aria-label="At a glance">
      <div>
        <dt>Station score</dt>
        <dd>
          <strong>
            {formatNumber(recentScore.mean)} / {MAX_STATION_SCORE}
          </strong>
          <span>{recentScore.stations === 0 ? 'No scored station yet' : `Mean of ${counted(recentScore.stations, 'scored station')} (${latest})`}</span>
        </dd>
      </div>
      <div>
        <dt>Domain grades</dt>
        <dd>
          <ul aria-label="Domain grades">
            {domains.map(({ domain, mean }) => (
              <li key={domain}>
                {DOMAIN_TEXT[domain].short}: <b>{mean === null ? 'not graded yet' : gradeOfMean(mean).grade}</b>
                {mean !== null && ` (mean ${formatNumber(mean)} / 4)`}
              </li>
            ))}
          </ul>
          <span>Each domain&apos;s mean, graded as the exam grades a station: A to E</span>
        </dd>
      </div>
      <div>
        <dt>Global judgement</dt>
        <dd>
          <strong>{judgedWell === null ? '—' : `${judgedWell}%`}</strong>
          <span>
            {recentJudgement.judged === 0
              ? 'No observer has judged a station yet'
              : `${passing}: ${recentJudgement.satisfactoryOrGood} of ${counted(recentJudgement.judged, 'station')} an observer judged (${latest})`}
          </span>
        </dd>
      </div>
      <div>
        <dt>Feedback areas ticked most</dt>
        <dd>
          {areas.length === 0 ? (
            <span>None ticked yet</span>
          ) : (
            <ul aria-label="Feedback areas ticked most">
              {areas.slice(0, TOP_AREAS).map(({ area, count }) => (
                <li key={area}>
                  {AREA_TEXT[area].label}: {counted(count, 'time')}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt>Stations as doctor</dt>
        <dd>
          <strong>{headline.stations}</strong>
          <span>
            {headline.stationsLast7Days} in the last 7 days, {headline.stationsLast30Days} in the last 30
          </span>
        </dd>
      </div>
      {headline.unscoredStations > 0 && (
        <div>
          <dt>Unassigned</dt>
          <dd>
            <strong>{headline.unscoredStations}</strong>
            <span>{counted(headline.unscoredStations, 'station')} marked before domains existed: no station score, not counted as zero</span>
          </dd>
        </div>
      )}
    </Figures>
  )
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;
  > div {
    padding: 14px 16px;
    background: ${theme.color.surface};
    border-radius: ${theme.radius.medium};
    box-shadow: ${theme.shadow.card};
  }
  dt { font-weight: 600; color: ${theme.color.muted}; font-size: 0.9rem; }
  dd { margin: 4px 0 0; display: flex; flex-direction: column; gap: 2px; }
  strong { font-size: 1.6rem; }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 2px; }
  b { font-size: 1.15rem; }
  span { color: ${theme.color.muted}; font-size: 0.88rem; }
`
