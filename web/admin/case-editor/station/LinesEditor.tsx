import { useRef } from 'react'
import styled from 'styled-components'
import type { FieldErrors } from '../../../../schemas/validate.ts'
import { Button } from '../../../components/Button.tsx'
import { ErrorText } from '../../../forms/TextField.tsx'
import { theme } from '../../../theme.ts'
import { EditorField, Hint } from '../editor-layout.tsx'
import { removeAt, replaceItem } from '../editor-state.ts'

interface LinesEditorProps {
  /** The list's name as a heading ("Tasks") and its one line's name ("Task"). */
  title: string
  lineName: string
  lines: string[]
  onChange: (lines: string[]) => void
  /** Where the schema's messages for this list are keyed: "station.candidate.tasks". */
  errorKey: string
  errors: FieldErrors
  hint?: string
}

/** A short list written one line each (tasks, cues, questions): the order is the order written. */
export function LinesEditor({ title, lineName, lines, onChange, errorKey, errors, hint }: LinesEditorProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const add = () => {
    onChange([...lines, ''])
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(':scope > div:last-of-type input')?.focus())
  }
  const remove = (index: number) => {
    onChange(removeAt(lines, index))
    addRef.current?.focus()
  }
  return (
    <Lines ref={listRef} role="group" aria-label={title}>
      <h3>{title}</h3>
      {hint && <Hint>{hint}</Hint>}
      {errors[errorKey] && (
        <ErrorText tabIndex={-1} data-save-error>
          {errors[errorKey]}
        </ErrorText>
      )}
      {lines.map((line, index) => (
        // Lines have no id of their own and only grow or shrink at the end or by removal, so the position is the key.
        <Line key={index}>
          <EditorField label={`${lineName} ${index + 1}`} value={line} onChange={(text) => onChange(replaceItem(lines, index, text))} error={errors[`${errorKey}.${index}`]} />
          <Button type="button" $variant="secondary" onClick={() => remove(index)} aria-label={`Remove ${lineName.toLowerCase()} ${index + 1}`}>
            Remove
          </Button>
        </Line>
      ))}
      <Button ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add {lineName.toLowerCase()}
      </Button>
    </Lines>
  )
}

const Lines = styled.div`
  margin: 0 0 16px;
  h3 { margin: 8px 0; font-size: 1rem; }
`

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 8px;
  & > :first-child { flex: 1 1 220px; }
  & > button { margin-top: 26px; }
  @media (max-width: 400px) {
    & > button { margin-top: 0; margin-bottom: 12px; }
  }
  border-bottom: 1px dashed ${theme.color.border};
`
