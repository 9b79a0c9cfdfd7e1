import { useId, type ChangeEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { ErrorText, Field, Input, Label } from '../forms/TextField.tsx'
import { theme } from '../theme.ts'

/** The labelled inputs and list furniture the three admin tabs share. */

interface SearchBoxProps {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
}

export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  const id = useId()
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} $invalid={false} />
    </Field>
  )
}

interface SelectBoxProps {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  options: ReadonlyArray<{ value: string; label: string }>
  error?: string
  required?: boolean
}

export function SelectBox({ label, value, onChange, options, error, required }: SelectBoxProps) {
  const id = useId()
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        $invalid={Boolean(error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Field>
  )
}

/** The asterisk is decoration; `required`/`aria-required` on the field is what assistive technology reads. */
export const RequiredMark = () => <Star aria-hidden="true"> *</Star>

export const Select = styled.select<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  color: ${theme.color.text};
`

const Star = styled.span`
  color: ${theme.color.danger};
`

/** Filters side by side on wide screens, stacked on phones; buttons sit on the inputs' baseline. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  align-items: flex-end;
  > div { flex: 1 1 220px; min-width: 0; }
  > button { flex: none; margin-bottom: 16px; }
`

export const Count = styled.p`
  color: ${theme.color.muted};
  margin: 0 0 12px;
`

/** Wide tables scroll sideways inside this box, so the page itself never does at 360 px. */
export const TableScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
`

export const Table = styled.table`
  width: 100%;
  min-width: 640px;
  border-collapse: collapse;
  th, td {
    padding: 10px 12px;
    text-align: left;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th { background: ${theme.color.background}; font-size: 0.9rem; }
  tbody tr:last-child td { border-bottom: 0; }
`

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

export const SmallButton = styled(Button)`
  min-height: 40px;
  padding: 6px 12px;
  font-size: 0.9rem;
`

export const EmptyState = styled.p`
  padding: 24px;
  text-align: center;
  color: ${theme.color.muted};
  margin: 0;
`

export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 { margin: 0; }
`
