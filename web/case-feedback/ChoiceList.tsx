import { useId } from 'react'
import styled from 'styled-components'
import { ErrorText } from '../forms/TextField.tsx'
import { theme } from '../theme.ts'

interface ChoiceListProps<T extends string | number> {
  legend: string
  choices: ReadonlyArray<{ value: T; label: string }>
  value: T | null
  onChange: (value: T) => void
  error?: string
}

/**
 * A radio group whose choices are sentences, one a line (they would not fit side by side at 360 px), each label a
 * 44 px target; arrow keys move between them as in any radio group. Its message is tied to the group, and its
 * inputs are marked invalid so that a form's "first problem" focus lands on the group.
 */
export function ChoiceList<T extends string | number>({ legend, choices, value, onChange, error }: ChoiceListProps<T>) {
  const name = useId()
  const errorId = `${name}-error`
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input type="radio" name={name} checked={value === choice.value} onChange={() => onChange(choice.value)} aria-invalid={error ? true : undefined} />
          {choice.label}
        </label>
      ))}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  )
}

const Group = styled.fieldset`
  margin: 0 0 16px;
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  legend { font-weight: 700; margin-bottom: 4px; padding: 0; }
  label { display: flex; align-items: center; gap: 10px; min-height: 44px; }
  input { flex: none; width: 20px; height: 20px; margin: 0; accent-color: ${theme.color.primary}; }
`
