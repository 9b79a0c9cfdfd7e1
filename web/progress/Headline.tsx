import styled from 'styled-components'
import { JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { RECENT_STATIONS, type ProgressHeadline } from '../../schemas/progress.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import { theme } from '../theme.ts'
import { formatNumber, percent } from './progress-ui.tsx'

/** The figures at a glance: how much was practised, how well lately, and how the observers judged it. */
export function Headline({ headline }: { headline: ProgressHeadline }) {
  const { recentScore, recentJudgement } = headline
  const judgedWell = percent(recentJudgement.satisfactoryOrGood, recentJudgement.judged)
  const passing = `${JUDGEMENT_TEXT.SATISFACTORY.label} or ${JUDGEMENT_TEXT.GOOD.label}`
  return (
    <Figures aria-label="At a glance">
      <div>
        <dt>Stations as doctor</dt>
        <dd>
          <strong>{headline.stations}</strong>
          <span>
            {headline.stationsLast7Days} in the last 7 days, {headline.stationsLast30Days} in the last 30
          </span>
        </dd>
      </div>
      <div>
        <dt>Mean station score</dt>
        <dd>
          <strong>
            {formatNumber(recentScore.mean)} / {MAX_STATION_SCORE}
          </strong>
          <span>{recentScore.stations === 0 ? 'No scored station yet' : `Over the last ${recentScore.stations} scored stations (at most ${RECENT_STATIONS})`}</span>
        </dd>
      </div>
      <div>
        <dt>Observer judged {passing}</dt>
        <dd>
          <strong>{judgedWell === null ? '—' : `${judgedWell}%`}</strong>
          <span>
            {recentJudgement.judged === 0
              ? 'No observer has judged a station yet'
              : `${recentJudgement.satisfactoryOrGood} of the last ${recentJudgement.judged} judged stations`}
          </span>
        </dd>
      </div>
      {headline.unscoredStations > 0 && (
        <div>
          <dt>Unassigned</dt>
          <dd>
            <strong>{headline.unscoredStations}</strong>
            <span>Stations marked before domains existed: no station score, not counted as zero</span>
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
  span { color: ${theme.color.muted}; font-size: 0.88rem; }
`
