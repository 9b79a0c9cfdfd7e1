import { useId } from 'react'
import styled from 'styled-components'
import { DIFFICULTIES, DIFFICULTY_LABELS, MLA_AREA_LABELS, MLA_AREAS, STATION_TYPE_LABELS, STATION_TYPES } from '../../schemas/station/station.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import { SelectBox } from '../forms/SelectBox.tsx'
import { ErrorText, Field, Hint, Input, Label } from '../forms/TextField.tsx'
import { theme } from '../theme.ts'
import type { CaseFilters, FilterKey } from './case-filters.ts'

type Option = { value: string; label: string }

interface CaseFilterFieldsProps {
  filters: CaseFilters
  onChange: (filters: CaseFilters) => void
  /** The topics to choose from; null while they load. */
  topics: readonly Option[] | null
  /** What the text is matched against, in the words of the audience. */
  searchHint: string
  /** The admin's panel says "cases" and "categories". */
  labels?: { search: string; topic: string }
  /** A candidate may leave out the cases they have played. */
  offerNotPlayed?: boolean
  errors?: FieldErrors
}

const any = (label: string): Option => ({ value: '', label })
const REALISM_OPTIONS: Option[] = [any('Any'), ...['3', '4', '4.5'].map((value) => ({ value, label: `${value} or more of 5` }))]

/** The filters of "Find a case", for the candidate's page and the admin's case list alike. */
export function CaseFilterFields({ filters, onChange, topics, searchHint, labels = { search: 'Search', topic: 'Topic' }, offerNotPlayed = false, errors = {} }: CaseFilterFieldsProps) {
  const set = (key: FilterKey) => (value: string) => onChange({ ...filters, [key]: value })
  // A topic named by an address whose category has since gone stays shown as chosen, so it can be cleared.
  const topicOptions = topics && filters.topic && !topics.some((topic) => topic.value === filters.topic) ? [...topics, { value: filters.topic, label: filters.topic }] : topics
  return (
    <Grid>
      <Wide>
        <TextInput label={labels.search} type="search" value={filters.q} onChange={set('q')} hint={searchHint} error={errors.q} />
      </Wide>
      <SelectBox label={labels.topic} value={filters.topic} onChange={set('topic')} options={[any(topics === null ? 'Loading…' : 'All'), ...(topicOptions ?? [])]} error={errors.topic} />
      <SelectBox label="Station type" value={filters.stationType} onChange={set('stationType')} options={[any('All types'), ...STATION_TYPES.map((type) => ({ value: type, label: STATION_TYPE_LABELS[type] }))]} error={errors.stationType} />
      <SelectBox label="MLA area" value={filters.mlaArea} onChange={set('mlaArea')} options={[any('All areas'), ...MLA_AREAS.map((area) => ({ value: area, label: MLA_AREA_LABELS[area] }))]} error={errors.mlaArea} />
      <SelectBox label="Difficulty" value={filters.difficulty} onChange={set('difficulty')} options={[any('Any'), ...DIFFICULTIES.map((level) => ({ value: level, label: DIFFICULTY_LABELS[level] }))]} error={errors.difficulty} />
      <SelectBox label="Realism (raters' mean)" value={filters.minRealism} onChange={set('minRealism')} options={REALISM_OPTIONS} error={errors.minRealism} />
      <TextInput label="Recalled from" type="date" value={filters.recallFrom} onChange={set('recallFrom')} error={errors.recallFrom} />
      <TextInput label="Recalled to" type="date" value={filters.recallTo} onChange={set('recallTo')} error={errors.recallTo} />
      {offerNotPlayed && (
        <Check>
          <input type="checkbox" checked={filters.notPlayedByMe === 'true'} onChange={(event) => set('notPlayedByMe')(event.target.checked ? 'true' : '')} />
          Only cases I have not played
        </Check>
      )}
    </Grid>
  )
}

interface TextInputProps {
  label: string
  type: 'search' | 'date'
  value: string
  onChange: (value: string) => void
  hint?: string
  error?: string
}

function TextInput({ label, type, value, onChange, hint, error }: TextInputProps) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={describedBy} aria-invalid={error ? true : undefined} $invalid={Boolean(error)} />
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Field>
  )
}

const Grid = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
  align-items: start;
`

const Wide = styled.div`
  grid-column: 1 / -1;
`

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  margin-bottom: 16px;
  font-weight: 600;
  input { width: 20px; height: 20px; accent-color: ${theme.color.primary}; }
`
