import { useId, useState } from 'react'
import styled from 'styled-components'
import { ErrorText, Field, Input, Label } from '../../forms/TextField.tsx'
import { theme } from '../../theme.ts'
import { SmallButton } from '../controls.tsx'
import { Checkbox, Group, Hint } from './editor-layout.tsx'
import { addRecallDate } from './editor-state.ts'

interface RecallDatesProps {
  isRecallCase: boolean
  dates: string[]
  onChange: (change: { isRecallCase?: boolean; recallDates?: string[] }) => void
  /** What is wrong with the dates as a whole (a contribution recalling no exam, or one in the future). */
  error?: string
}

/** A recall case is one reported from a real exam sitting; recall practice picks cases by these dates. */
export function RecallDates({ isRecallCase, dates, onChange, error }: RecallDatesProps) {
  const inputId = useId()
  const [pending, setPending] = useState('')
  const [notice, setNotice] = useState('')

  const add = () => {
    if (!pending) return
    // Duplicates are ignored (SPEC.md section 2); saying so tells the admin the click was not lost.
    setNotice(dates.includes(pending) ? `${pending} is already in the list.` : `${pending} added.`)
    onChange({ recallDates: addRecallDate(dates, pending) })
    setPending('')
  }

  return (
    <Group>
      <legend>Recall</legend>
      <Hint>A station someone sat in a real exam: give the date of that exam, so recall practice finds it.</Hint>
      <Checkbox>
        <input type="checkbox" checked={isRecallCase} onChange={(event) => onChange({ isRecallCase: event.target.checked })} />
        Recall case
      </Checkbox>
      {isRecallCase && (
        <>
          <AddRow>
            <Field>
              <Label htmlFor={inputId}>Recall date</Label>
              <Input
                id={inputId}
                type="date"
                value={pending}
                onChange={(event) => setPending(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  add()
                }}
                $invalid={false}
              />
            </Field>
            <SmallButton type="button" $variant="secondary" onClick={add} disabled={!pending}>
              Add Date
            </SmallButton>
          </AddRow>
          <p role="status" className="visually-hidden">
            {notice}
          </p>
          {error && (
            <ErrorText tabIndex={-1} data-save-error>
              {error}
            </ErrorText>
          )}
          {dates.length === 0 ? (
            <Hint>No recall dates yet.</Hint>
          ) : (
            <DateList aria-label="Recall dates">
              {dates.map((date) => (
                <li key={date}>
                  <time dateTime={date}>{date}</time>
                  <RemoveDate type="button" aria-label={`Remove recall date ${date}`} onClick={() => onChange({ recallDates: dates.filter((kept) => kept !== date) })}>
                    ✕
                  </RemoveDate>
                </li>
              ))}
            </DateList>
          )}
        </>
      )}
    </Group>
  )
}

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 12px;
  > div { flex: 0 1 220px; }
  > button { margin-bottom: 16px; }
`

const DateList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 4px 2px 12px;
    border-radius: ${theme.radius.round};
    background: ${theme.color.primarySoft};
    color: ${theme.color.primary};
    font-weight: 600;
  }
`

const RemoveDate = styled.button`
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: ${theme.radius.round};
  background: none;
  color: inherit;
  cursor: pointer;
  &:hover { background: rgba(30, 64, 175, 0.12); }
`
