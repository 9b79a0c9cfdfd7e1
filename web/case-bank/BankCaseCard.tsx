import { useId } from 'react'
import styled from 'styled-components'
import { ratingsText, type BankCase } from '../../schemas/case-search.ts'
import { EXAM_TIMING } from '../../schemas/session/config-rules.ts'
import { DIFFICULTY_LABELS, MLA_AREA_LABELS, STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { Alert } from '../components/Alert.tsx'
import { PracticeMaterialNote } from '../components/case-text/PracticeMaterialNote.tsx'
import { BusyButton } from '../components/Button.tsx'
import { useStartSolo } from '../solo/useStartSolo.ts'
import { theme } from '../theme.ts'

/**
 * One station a candidate may choose: how it is filed and rated, and whether they played it; never its title or
 * script. "Practise alone" starts it at the exam's timing; the station's page asks what to record.
 */
export function BankCaseCard({ item }: { item: BankCase }) {
  const headingId = useId()
  const { busy, failure, start } = useStartSolo()
  const practise = () => start({ caseId: item.id, readingTime: EXAM_TIMING.readingTime, consultationTime: EXAM_TIMING.consultationTime })

  return (
    <Card>
      <Heading>
        <h3 id={headingId}>
          {STATION_TYPE_LABELS[item.stationType]} station: {item.topic}
        </h3>
        <Played $played={item.playedByMe}>{item.playedByMe ? 'Played' : 'Not played yet'}</Played>
      </Heading>
      <PracticeMaterialNote attribution={item} />
      <Facts>
        <dt>MLA areas</dt>
        <dd>{item.mlaAreas.map((area) => MLA_AREA_LABELS[area]).join(', ')}</dd>
        <dt>Difficulty</dt>
        <dd>{DIFFICULTY_LABELS[item.difficulty]}</dd>
        <dt>Rating</dt>
        <dd>{ratingsText(item.ratings)}</dd>
        {item.recallDates.length > 0 && (
          <>
            <dt>Recalled</dt>
            <dd>{item.recallDates.join(', ')}</dd>
          </>
        )}
      </Facts>
      {failure && <Alert tone="error">{failure}</Alert>}
      <BusyButton type="button" $variant="secondary" busy={busy} onClick={practise} aria-describedby={headingId}>
        {busy ? 'Starting…' : 'Practise alone with this case'}
      </BusyButton>
    </Card>
  )
}

const Card = styled.li`
  display: grid;
  gap: 8px;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  overflow-wrap: anywhere;
  > button { justify-self: start; }
`

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 12px;
  h3 { margin: 0; font-size: 1.1rem; }
`

const Played = styled.span<{ $played: boolean }>`
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  font-size: 0.85rem;
  font-weight: 600;
  background: ${({ $played }) => ($played ? theme.color.background : theme.color.successSoft)};
  color: ${({ $played }) => ($played ? theme.color.muted : theme.color.success)};
  border: 1px solid currentColor;
`

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; min-width: 0; }
`
