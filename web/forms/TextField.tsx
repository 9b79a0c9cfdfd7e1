import { useId, type InputHTMLAttributes } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'
import type { Form } from './useForm.ts'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value'> {
  form: Form
  name: string
  label: string
  /** Always-visible help under the field, announced with it. */
  hint?: string
}

/** A labelled input bound to a form; its message sits under it and is tied to it for screen readers. */
export function TextField({ form, name, label, hint, type = 'text', ...inputProps }: TextFieldProps) {
  const id = useId()
  const error = form.errors[name]
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        value={form.values[name] ?? ''}
        onChange={(event) => form.setValue(name, event.target.value)}
        onBlur={() => form.blur(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        $invalid={Boolean(error)}
        {...inputProps}
      />
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Field>
  )
}

/** A read-only value shown like a field (the profile's email). */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId()
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly aria-describedby={`${id}-hint`} $invalid={false} $readOnly />
      <Hint id={`${id}-hint`}>{hint}</Hint>
    </Field>
  )
}

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 16px;
`

export const Label = styled.label`
  font-weight: 600;
  font-size: 0.95rem;
`

export const Input = styled.input<{ $invalid: boolean; $readOnly?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${({ $readOnly }) => ($readOnly ? theme.color.background : theme.color.surface)};
  color: ${({ $readOnly }) => ($readOnly ? theme.color.muted : theme.color.text)};
  &:focus-visible {
    border-color: ${theme.color.primary};
  }
`

export const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${theme.color.muted};
`

export const ErrorText = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${theme.color.danger};
`
