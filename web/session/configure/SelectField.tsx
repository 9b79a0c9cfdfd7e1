import { useId } from 'react'
import styled from 'styled-components'
import { Field, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'

interface SelectFieldProps<T extends number | string> {
  label: string
  hint?: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}

/** A labelled drop-down for a setting with many values (a row of toggles would not fit a phone). */
export function SelectField<T extends number | string>({ label, hint, value, options, onChange }: SelectFieldProps<T>) {
  const id = useId()
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={String(value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)!.value)}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </Field>
  )
}

const Select = styled.select`
  width: 100%;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${theme.color.controlBorder};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  color: ${theme.color.text};
`

const Hint = styled.p`
  margin: 4px 0 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
