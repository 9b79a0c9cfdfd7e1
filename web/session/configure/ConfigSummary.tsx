import styled from 'styled-components'
import { drawDescription, minutesLabel, totalMinutes, type ConfigDraft } from '../room/config-form.ts'
import { theme } from '../../theme.ts'
import { formatDay } from './RecallRange.tsx'

/**
 * The summary panel of SPEC section 2: what the session will be, and how long it takes. Its first line says
 * where the cases come from, and is read out as it changes: adding a topic also removes Random.
 */
export function ConfigSummary({ draft }: { draft: ConfigDraft }) {
  const draw = drawDescription(draft, formatDay)
  const range = draft.recallStartDate && draft.recallEndDate ? `${formatDay(draft.recallStartDate)} to ${formatDay(draft.recallEndDate)}` : 'Not chosen yet'
  return (
    <Panel aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <Draw role="status">{draw}</Draw>
      <dl>
        <dt>Session type</dt>
        <dd>{draft.circuit ? 'Mock exam' : draft.sessionType === 'TOPIC' ? 'Topic-based' : 'Recall'}</dd>
        {draft.circuit ? (
          <>
            <dt>Candidate</dt>
            <dd>{draft.circuit.candidate === 'ONE' ? 'Whoever sits as the doctor, throughout' : 'Each member in turn'}</dd>
          </>
        ) : (
          <>
            <dt>{draft.sessionType === 'TOPIC' ? 'Topics' : 'Date range'}</dt>
            <dd>{draft.sessionType === 'TOPIC' ? draft.topics.join(', ') || 'None yet' : range}</dd>
          </>
        )}
        <dt>Reading phase</dt>
        <dd>{minutesLabel(draft.readingTime)}</dd>
        <dt>Consultation timer</dt>
        <dd>
          {minutesLabel(draft.consultationTime)} ({draft.timingType === 'COUNTDOWN' ? 'countdown' : 'stopwatch'})
        </dd>
        <dt>Total time</dt>
        <dd>
          <strong>{minutesLabel(Math.round(totalMinutes(draft) * 10) / 10)}</strong>
        </dd>
      </dl>
    </Panel>
  )
}

const Panel = styled.section`
  padding: 16px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.background};
  border: 1px solid ${theme.color.border};
  margin-bottom: 16px;
  h2 { font-size: 1.1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0; }
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

const Draw = styled.p`
  margin: 0 0 12px;
  font-weight: 600;
  overflow-wrap: anywhere;
  &:empty { margin: 0; }
`
