import styled from 'styled-components'
import { MAX_SCORE, scoreWord } from '../../schemas/session/feedback-scores.ts'
import { formatScore } from '../session/room/feedback-form.ts'
import { theme } from '../theme.ts'
import { BAND_COLOURS, criterionBand, type Band } from './score-bands.ts'

/**
 * A 0-4 score as the dashboard and the debrief both show it, "3 / 4 · Good": the word is the feedback form's for
 * that step (a mean takes its nearest step's), the colour the spec's band.
 */
export function ScorePill({ score }: { score: number | null }) {
  if (score === null) return <span>Not scored</span>
  return (
    <Pill $band={criterionBand(score)}>
      {formatScore(score)} / {MAX_SCORE} · {scoreWord(score)}
    </Pill>
  )
}

const Pill = styled.span<{ $band: Band }>`
  padding: 1px 10px;
  border-radius: ${theme.radius.round};
  font-weight: 600;
  font-size: 0.9rem;
  white-space: nowrap;
  color: ${({ $band }) => BAND_COLOURS[$band].text};
  background: ${({ $band }) => BAND_COLOURS[$band].background};
`
