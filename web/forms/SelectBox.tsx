import { useId, type ChangeEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'
import { ErrorText, Field, Label } from './TextField.tsx'

interface SelectBoxProps<T extends string | number> {
  label: ReactNode
  value: T
  onChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: string }>
  /** What the user should know while choosing. */
  hint?: string
  error?: string
  required?: boolean
}

/** A labelled drop-down: for a choice with many values (a row of toggles would not fit a phone). */
export function SelectBox<T extends string | number>({ label, value, onChange, options, hint, error, required }: SelectBoxProps<T>) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(options.find((option) => String(option.value) === event.target.value)!.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        $invalid={Boolean(error)}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Field>
  )
}

export const Select = styled.select<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  color: ${theme.color.text};
`

const Hint = styled.p`
  margin: 4px 0 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
