import styled from 'styled-components'
import { theme } from '../../theme.ts'

interface Option<T> {
  value: T
  label: string
}

/** A labelled set of radio buttons drawn as a row of toggles: native keyboard behaviour, one tab stop. */
export function ChoiceGroup<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: Option<T>[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <Group>
      <legend>{legend}</legend>
      <Row>
        {options.map((option) => (
          <Toggle key={String(option.value)} $checked={option.value === value}>
            <input type="radio" name={name} value={String(option.value)} checked={option.value === value} onChange={() => onChange(option.value)} />
            {option.label}
          </Toggle>
        ))}
      </Row>
    </Group>
  )
}

const Group = styled.fieldset`
  margin: 0 0 20px;
  padding: 0;
  border: 0;
  legend { font-weight: 700; margin-bottom: 8px; }
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

const Toggle = styled.label<{ $checked: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  min-width: 56px;
  justify-content: center;
  padding: 8px 14px;
  border: 2px solid ${({ $checked }) => ($checked ? theme.color.primary : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${({ $checked }) => ($checked ? theme.color.primary : theme.color.surface)};
  color: ${({ $checked }) => ($checked ? '#fff' : theme.color.text)};
  font-weight: 600;
  cursor: pointer;
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:focus-within { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
`
