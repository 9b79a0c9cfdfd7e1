import { useId } from 'react'
import styled from 'styled-components'
import { MAX_SCORE, SCORE_DESCRIPTORS } from '../../../schemas/session/feedback-scores.ts'
import { SCORE_STEPS } from '../room/feedback-form.ts'
import { theme } from '../../theme.ts'

/**
 * One score slot as a radio group of the whole steps 0-4, each with its meaning shown and read out: arrow keys
 * move, nothing chosen at first. The steps always sit below the item (a long item name never pushes them
 * elsewhere), in five equal columns where each word fits whole, else in rows of three (a phone): "Adequat e" broke
 * a word in two (issue 29). `missing` marks a slot left empty at a refused submit, so the user sees which one (and
 * hears it on each step).
 */
export function ScoreScale(props: { name: string; label: string; value: number | undefined; missing: boolean; onChange: (score: number) => void }) {
  const { name, label, value, missing } = props
  const missingId = useId()
  return (
    <Group data-missing={missing || undefined}>
      <legend>{label}</legend>
      <Width>
        <Steps>
          {SCORE_STEPS.map((step) => (
            <Step key={step} $checked={value === step} $missing={missing}>
              <input
                type="radio"
                name={name}
                value={step}
                checked={value === step}
                onChange={() => props.onChange(step)}
                aria-label={`${label}: ${step} of ${MAX_SCORE}, ${SCORE_DESCRIPTORS[step]}`}
                aria-describedby={missing ? missingId : undefined}
              />
              <strong aria-hidden="true">{step}</strong>
              <small aria-hidden="true">{SCORE_DESCRIPTORS[step]}</small>
            </Step>
          ))}
        </Steps>
      </Width>
      {missing && <Missing id={missingId}>Not scored yet</Missing>}
    </Group>
  )
}

const Group = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 8px 0;
  border: 0;
  border-bottom: 1px solid ${theme.color.background};
  legend { padding: 0; margin-bottom: 6px; overflow-wrap: anywhere; }
`

/**
 * Five columns need about 22rem for "Excellent" whole in 0.75rem type; a narrower slot (a phone, a sub-criterion's
 * indent) takes rows of three. Measured by the slot's own width, not the screen's.
 */
const Width = styled.div`
  container-type: inline-size;
`

const Steps = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 6px;
  max-width: 440px;
  font-size: 0.75rem;
  @container (min-width: 22rem) { grid-template-columns: repeat(${SCORE_DESCRIPTORS.length}, minmax(0, 1fr)); }
`

const Missing = styled.p`
  margin: 6px 0 0;
  color: ${theme.color.danger};
  font-weight: 600;
`

const Step = styled.label<{ $checked: boolean; $missing: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: 4px 2px;
  border: 2px solid ${({ $checked, $missing }) => ($checked ? theme.color.primary : $missing ? theme.color.danger : theme.color.controlBorder)};
  border-radius: ${theme.radius.small};
  background: ${({ $checked }) => ($checked ? theme.color.primary : theme.color.surface)};
  color: ${({ $checked }) => ($checked ? '#fff' : theme.color.text)};
  text-align: center;
  cursor: pointer;
  strong { font-size: 1.05rem; line-height: 1.2; }
  small { font-size: inherit; line-height: 1.15; }
  input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
  &:focus-within { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
`
