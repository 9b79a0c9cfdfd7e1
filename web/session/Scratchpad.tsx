import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { useAuth } from '../account/AuthContext.tsx'
import { theme } from '../theme.ts'
import { dropOtherRounds, loadScratchpad, saveScratchpad } from './scratchpad-storage.ts'

/** The doctor's private notes during reading and consultation: in this browser tab only, for this round only. */
export function Scratchpad({ code, round }: { code: string; round: number }) {
  const userId = useAuth().user?.id ?? 0
  const fieldId = useId()
  const hintId = useId()
  const [text, setText] = useState(() => loadScratchpad(userId, code, round))

  useEffect(() => {
    dropOtherRounds(userId, code, round)
    setText(loadScratchpad(userId, code, round))
  }, [userId, code, round])

  return (
    <Pad>
      <label htmlFor={fieldId}>My notes</label>
      <Hint id={hintId}>Private: kept in this browser tab for this case only.</Hint>
      <textarea
        id={fieldId}
        aria-describedby={hintId}
        rows={6}
        maxLength={5000}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          saveScratchpad(userId, code, round, event.target.value)
        }}
      />
    </Pad>
  )
}

const Pad = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { font-weight: 600; }
  textarea {
    width: 100%;
    padding: 8px 10px;
    border: 1px solid ${theme.color.controlBorder};
    border-radius: ${theme.radius.small};
    resize: vertical;
    font: inherit;
  }
`

const Hint = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.85rem;
`
