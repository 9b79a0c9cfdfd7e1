import { useId } from 'react'
import styled from 'styled-components'
import { ChoiceRow } from '../forms/ChoiceRow.tsx'
import { theme } from '../theme.ts'

/** Whether the bank shows the author's name with the case once it is approved: their choice, changeable until then. */
export function ShowNameChoice({ showName, authorName, onChange }: { showName: boolean; authorName: string; onChange: (showName: boolean) => void }) {
  const id = useId()
  return (
    <Choice role="radiogroup" aria-labelledby={`${id}-legend`} aria-describedby={`${id}-hint`}>
      <legend id={`${id}-legend`}>Credit in the case bank</legend>
      <label>
        <input type="radio" name="contribution-credit" checked={showName} onChange={() => onChange(true)} />
        Show my name with the case
      </label>
      <label>
        <input type="radio" name="contribution-credit" checked={!showName} onChange={() => onChange(false)} />
        Stay anonymous
      </label>
      <Hint id={`${id}-hint`}>
        {showName ? `Once approved, the case is shown as contributed by ${authorName}.` : 'Once approved, the case shows no name. Reviewers still see who wrote it.'}
      </Hint>
    </Choice>
  )
}

const Choice = styled(ChoiceRow)`
  margin: 0 0 20px;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
`

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
