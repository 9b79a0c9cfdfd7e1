import { useId } from 'react'
import styled from 'styled-components'
import { MAX_SCORE } from '../../../schemas/session/feedback-scores.ts'
import { SCORE_STEPS } from '../room/feedback-form.ts'
import { theme } from '../../theme.ts'

/**
 * One score slot as a radio group of the whole steps 0-4: arrow keys move, nothing chosen at first. `missing`
 * marks a slot left empty at a refused submit, so the user sees which one (and hears it on each step).
 */
export function ScoreScale(props: { name: string; label: string; value: number | undefined; missing: boolean; onChange: (score: number) => void }) {
  const { name, label, value, missing } = props
  const missingId = useId()
  return (
    <Group data-missing={missing || undefined}>
      <legend>{label}</legend>
      <Steps>
        {SCORE_STEPS.map((step) => (
          <Step key={step} $checked={value === step} $missing={missing}>
            <input
              type="radio"
              name={name}
              value={step}
              checked={value === step}
              onChange={() => props.onChange(step)}
              aria-label={`${label}: ${step} of ${MAX_SCORE}`}
              aria-describedby={missing ? missingId : undefined}
            />
            <span aria-hidden="true">{step}</span>
          </Step>
        ))}
      </Steps>
      {missing && <Missing id={missingId}>Not scored yet</Missing>}
    </Group>
  )
}

const Group = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 6px 12px;
  margin: 0;
  padding: 8px 0;
  border: 0;
  border-bottom: 1px solid ${theme.color.background};
  legend { float: left; max-width: 100%; overflow-wrap: anywhere; }
`

const Steps = styled.div`
  display: flex;
  gap: 6px;
`

const Missing = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.color.danger};
  font-weight: 600;
  text-align: right;
`

const Step = styled.label<{ $checked: boolean; $missing: boolean }>`
  position: relative;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 2px solid ${({ $checked, $missing }) => ($checked ? theme.color.primary : $missing ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${({ $checked }) => ($checked ? theme.color.primary : theme.color.surface)};
  color: ${({ $checked }) => ($checked ? '#fff' : theme.color.text)};
  font-weight: 700;
  cursor: pointer;
  input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
  &:focus-within { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
`
