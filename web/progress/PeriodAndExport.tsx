import { useState } from 'react'
import styled from 'styled-components'
import { PROGRESS_PERIODS, type ProgressPeriod } from '../../schemas/progress.ts'
import { errorMessage } from '../api/client.ts'
import { progressApi } from '../api/progress.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'

const PERIOD_LABELS: Record<ProgressPeriod, string> = { all: 'All time', '90': 'Last 90 days', '30': 'Last 30 days' }

/** The period every figure covers, and the download of the feedback received in it. */
export function PeriodAndExport({ period, onPeriod }: { period: ProgressPeriod; onPeriod: (period: ProgressPeriod) => void }) {
  const [failure, setFailure] = useState<string | null>(null)
  const download = async (format: 'csv' | 'json') => {
    setFailure(null)
    try {
      await progressApi.download(format, period)
    } catch (error) {
      setFailure(errorMessage(error, 'The download failed. Please try again.'))
    }
  }
  return (
    <Bar>
      <fieldset>
        <legend>Period</legend>
        {PROGRESS_PERIODS.map((option) => (
          <label key={option}>
            <input type="radio" name="period" value={option} checked={period === option} onChange={() => onPeriod(option)} />
            {PERIOD_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <div role="group" aria-label="Download my feedback">
        <Button type="button" $variant="secondary" onClick={() => download('csv')}>
          Download CSV
        </Button>
        <Button type="button" $variant="secondary" onClick={() => download('json')}>
          Download JSON
        </Button>
      </div>
      {failure && <p role="alert">{failure}</p>}
    </Bar>
  )
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  fieldset { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; border: 0; }
  legend { font-weight: 600; margin-bottom: 4px; }
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }
  div[role='group'] { display: flex; flex-wrap: wrap; gap: 8px; }
  p[role='alert'] { flex-basis: 100%; margin: 0; color: ${theme.color.danger}; }
`
