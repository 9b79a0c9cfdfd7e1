import { useId, type TextareaHTMLAttributes } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'
import { ErrorText, Field, Label } from './TextField.tsx'
import type { Form } from './useForm.ts'

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'value'> {
  form: Form
  name: string
  label: string
}

/** The multi-line sibling of TextField, with the same message placement and wiring. */
export function TextArea({ form, name, label, ...props }: TextAreaProps) {
  const id = useId()
  const error = form.errors[name]
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Area
        id={id}
        name={name}
        value={form.values[name] ?? ''}
        onChange={(event) => form.setValue(name, event.target.value)}
        onBlur={() => form.blur(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        $invalid={Boolean(error)}
        {...props}
      />
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Field>
  )
}

const Area = styled.textarea<{ $invalid: boolean }>`
  width: 100%;
  padding: 10px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  resize: vertical;
`
