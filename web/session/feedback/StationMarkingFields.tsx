import { useId } from 'react'
import styled from 'styled-components'
import { AREA_TEXT, FEEDBACK_AREAS, GLOBAL_JUDGEMENTS, JUDGEMENT_TEXT, JUDGEMENTS_NEEDING_AREAS, type GlobalJudgement } from '../../../schemas/marking.ts'
import { markingRefusal, OBSERVER_JUDGEMENT_REQUIRED } from '../../../schemas/session/marking-rules.ts'
import type { StationMarking } from '../../../schemas/session/types.ts'
import { fromWireRole, type WireRole } from '../../../schemas/session-wire.ts'
import { withArea, withJudgement } from '../room/marking-form.ts'
import { theme } from '../../theme.ts'

interface StationMarkingFieldsProps {
  role: WireRole
  marking: StationMarking
  /** Submits refused so far: once there is one, what the role still has to give is marked. */
  refusals: number
  onChange: (marking: StationMarking) => void
}

/**
 * After the criteria, the exam's own marking (issue 17): a global judgement and the ten feedback areas. The
 * observer sits in the examiner's seat and must judge (and say why for Unsatisfactory or Borderline); for the
 * patient both are optional, so the patient can also take a judgement back ("Not given").
 */
export function StationMarkingFields({ role, marking, refusals, onChange }: StationMarkingFieldsProps) {
  const hintId = useId()
  const examiner = role === 'observer'
  const refusal = refusals > 0 ? markingRefusal(fromWireRole(role), marking) : null
  const judgementMissing = refusal === OBSERVER_JUDGEMENT_REQUIRED
  const areasMissing = refusal !== null && !judgementMissing
  const choices: Array<GlobalJudgement | null> = examiner ? [...GLOBAL_JUDGEMENTS] : [null, ...GLOBAL_JUDGEMENTS]
  const needsAreas = marking.globalJudgement !== null && JUDGEMENTS_NEEDING_AREAS.includes(marking.globalJudgement)

  return (
    <Section>
      <h3>Mark it like the exam</h3>
      <Hint id={hintId}>
        {examiner
          ? 'As the examiner, give a global judgement. For Unsatisfactory or Borderline, tick at least one area to say why.'
          : 'Optional: your overall judgement, and any areas the doctor should work on.'}
      </Hint>
      {/* A radiogroup, not a plain group, so that it may say it is required (axe: aria-allowed-attr, issue 29). */}
      <Group role="radiogroup" data-missing={judgementMissing || undefined} aria-describedby={hintId} aria-required={examiner || undefined}>
        <legend>Global judgement{examiner && <Required aria-hidden="true"> *</Required>}</legend>
        {choices.map((judgement) => (
          <Choice key={judgement ?? 'none'} $checked={marking.globalJudgement === judgement} $missing={judgementMissing}>
            <input type="radio" name={`judgement-${hintId}`} checked={marking.globalJudgement === judgement} onChange={() => onChange(withJudgement(marking, judgement))} />
            <span>
              <strong>{judgement ? JUDGEMENT_TEXT[judgement].label : 'Not given'}</strong>
              <small>{judgement ? JUDGEMENT_TEXT[judgement].explanation : 'No overall judgement from me.'}</small>
            </span>
          </Choice>
        ))}
        {judgementMissing && <Missing>Choose a judgement</Missing>}
      </Group>
      <Group data-missing={areasMissing || undefined} aria-describedby={hintId}>
        <legend>
          Feedback areas{needsAreas && examiner && <Required aria-hidden="true"> *</Required>}
        </legend>
        <Areas>
          {FEEDBACK_AREAS.map((area) => {
            const ticked = marking.feedbackAreas.includes(area)
            return (
              <Choice key={area} $checked={ticked} $missing={areasMissing}>
                <input type="checkbox" checked={ticked} onChange={(event) => onChange(withArea(marking, area, event.target.checked))} />
                <span>
                  <strong>{AREA_TEXT[area].label}</strong>
                  <small>{AREA_TEXT[area].explanation}</small>
                </span>
              </Choice>
            )
          })}
        </Areas>
        {areasMissing && <Missing>Tick at least one area</Missing>}
      </Group>
    </Section>
  )
}

const Section = styled.section`
  margin-top: 20px;
  h3 { margin: 0 0 4px; font-size: 1.05rem; }
`

const Hint = styled.p`
  margin: 0 0 8px;
  color: ${theme.color.muted};
`

const Group = styled.fieldset`
  min-width: 0;
  margin: 0 0 12px;
  padding: 0;
  border: 0;
  display: grid;
  gap: 6px;
  /* Wide enough for "Unsatisfactory" and "Consultation" whole beside their boxes (issue 29): one column on a phone. */
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
  legend { margin-bottom: 6px; padding: 0; font-weight: 700; }
`

const Areas = styled.div`
  display: contents;
`

const Required = styled.span`
  color: ${theme.color.danger};
`

const Choice = styled.label<{ $checked: boolean; $missing: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  min-height: 44px;
  padding: 8px 10px;
  border: 2px solid ${({ $checked, $missing }) => ($checked ? theme.color.primary : $missing ? theme.color.danger : theme.color.border)};
  border-radius: ${theme.radius.small};
  background: ${({ $checked }) => ($checked ? theme.color.primarySoft : theme.color.surface)};
  cursor: pointer;
  input { flex: none; width: 20px; height: 20px; margin: 2px 0 0; accent-color: ${theme.color.primary}; }
  span { display: grid; gap: 2px; min-width: 0; overflow-wrap: break-word; }
  small { color: ${theme.color.muted}; font-size: 0.85rem; }
  &:focus-within { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
`

const Missing = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${theme.color.danger};
  font-weight: 600;
`
