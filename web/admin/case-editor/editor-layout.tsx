import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react'
import styled from 'styled-components'
import { ErrorText, Field, Input, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'
import { RequiredMark } from '../controls.tsx'

/** The field and boxes the case editor's parts share, so sections, criteria and findings read as one form. */

interface EditorFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  /** Several lines: a textarea with this many rows. */
  rows?: number
  /** What the admin should know while writing it (who will read it). */
  hint?: string
}

/**
 * A labelled field of the case editor. The editor's state is one nested object (lists of sections and
 * criteria), not the flat string map that forms/useForm binds, so these fields take value and onChange.
 */
export function EditorField({ label, value, onChange, error, rows, required, hint, ...inputProps }: EditorFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const shared = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-required': required || undefined,
    $invalid: Boolean(error),
  }
  return (
    <Field>
      <Label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {rows ? (
        <Input as="textarea" {...shared} rows={rows} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)} />
      ) : (
        <Input {...shared} {...inputProps} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Field>
  )
}

export const Group = styled.fieldset`
  min-width: 0;
  margin: 0 0 20px;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  legend {
    padding: 0 6px;
    font-weight: 700;
    font-size: 1.05rem;
  }
  @media (max-width: 400px) {
    padding: 12px 10px;
  }
`

export const ItemCard = styled.div`
  margin-bottom: 12px;
  padding: 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.background};
  border-left: 4px solid ${theme.color.primary};
  @media (max-width: 400px) {
    padding: 10px 8px;
  }
`

export const ItemHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 8px;
  h3, h4 { margin: 0; font-size: 1rem; }
`

export const Hint = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

export const Checkbox = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-weight: 600;
  cursor: pointer;
  input { width: 20px; height: 20px; }
`

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 0 16px;
`
