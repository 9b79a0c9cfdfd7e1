import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react'
import { ErrorText, Field, Input, Label } from '../../forms/TextField.tsx'
import { RequiredMark } from '../controls.tsx'

interface EditorFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  /** Several lines: a textarea with this many rows. */
  rows?: number
}

/**
 * A labelled field of the case editor. The editor's state is one nested object (lists of sections and
 * criteria), not the flat string map that forms/useForm binds, so these fields take value and onChange.
 */
export function EditorField({ label, value, onChange, error, rows, required, ...inputProps }: EditorFieldProps) {
  const id = useId()
  const errorId = error ? `${id}-error` : undefined
  const shared = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId,
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
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Field>
  )
}
