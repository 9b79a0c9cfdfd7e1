import styled from 'styled-components'
import { datesInRange, rangeLimits } from '../room/config-form.ts'
import { Field, Input, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'

export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** The recall exam date range, each end limited by the other (SPEC section 2, configure). */
export function RecallRange({
  dates,
  start,
  end,
  onChange,
}: {
  dates: string[]
  start: string
  end: string
  onChange: (range: { start: string; end: string }) => void
}) {
  if (dates.length === 0) return <Notice role="status">No recall dates available yet</Notice>
  const limits = rangeLimits(dates, start, end)
  const covered = datesInRange(dates, start, end)
  return (
    <div>
      <Pair>
        <Field>
          <Label htmlFor="recall-start">Start date</Label>
          <Input id="recall-start" type="date" value={start} min={limits.startMin} max={limits.startMax} $invalid={false} onChange={(event) => onChange({ start: event.target.value, end })} />
        </Field>
        <Field>
          <Label htmlFor="recall-end">End date</Label>
          <Input id="recall-end" type="date" value={end} min={limits.endMin} max={limits.endMax} $invalid={false} onChange={(event) => onChange({ start, end: event.target.value })} />
        </Field>
      </Pair>
      <Muted>
        Exam dates with recall cases: {dates.map(formatDay).join(', ')}
      </Muted>
      {start && end && (
        <Notice role="status">
          Selected range: {formatDay(start)} to {formatDay(end)} ({covered.length} recall {covered.length === 1 ? 'date' : 'dates'})
        </Notice>
      )}
    </div>
  )
}

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 0 12px;
`

const Muted = styled.p`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Notice = styled.p`
  padding: 10px 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  color: ${theme.color.primaryHover};
  font-weight: 600;
`
