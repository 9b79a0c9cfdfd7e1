import styled from 'styled-components'
import { Link } from 'wouter'
import type { BoardFilters } from '../api/board.ts'
import { theme } from '../theme.ts'

const WITHIN = [
  { hours: undefined, label: 'Any time' },
  { hours: 1, label: 'Within 1 hour' },
  { hours: 3, label: 'Within 3 hours' },
  { hours: 24, label: 'Within 24 hours' },
  { hours: 24 * 7, label: 'Within 7 days' },
]

/** The board's filters: starting within, topic, exam month near mine (only once the viewer has set theirs). */
export function BoardFilterBar(props: { filters: BoardFilters; topics: string[]; examMonthSet: boolean; onChange(filters: BoardFilters): void }) {
  const { filters, onChange } = props
  return (
    <Bar aria-label="Filters">
      <label>
        Starting
        <select value={filters.withinHours ?? ''} onChange={(event) => onChange({ ...filters, withinHours: event.target.value === '' ? undefined : Number(event.target.value) })}>
          {WITHIN.map((option) => (
            <option key={option.label} value={option.hours ?? ''}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Topic
        <select value={filters.topic ?? ''} onChange={(event) => onChange({ ...filters, topic: event.target.value || undefined })}>
          <option value="">All topics</option>
          {props.topics.map((topic) => (
            <option key={topic}>{topic}</option>
          ))}
        </select>
      </label>
      <Check>
        <input
          type="checkbox"
          checked={filters.nearMyExam ?? false}
          disabled={!props.examMonthSet}
          aria-describedby={props.examMonthSet ? undefined : 'exam-month-hint'}
          onChange={(event) => onChange({ ...filters, nearMyExam: event.target.checked || undefined })}
        />
        Exam month near mine
      </Check>
      {!props.examMonthSet && (
        <Hint id="exam-month-hint">
          Set your exam month in <Link href="/profile">your profile</Link> to use this.
        </Hint>
      )}
    </Bar>
  )
}

const Bar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px 16px;
  margin-bottom: 16px;
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
  select { min-height: 44px; padding: 6px 8px; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.small}; background: #fff; }
`

const Check = styled.label`
  && { flex-direction: row; align-items: center; gap: 8px; min-height: 44px; }
  input { width: 20px; height: 20px; }
`

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
