import { useEffect, useId, useRef } from 'react'
import styled from 'styled-components'
import type { CriterionView } from '../../../schemas/content.ts'
import { MAX_SCORE, MIN_SCORE, SCORE_DESCRIPTORS } from '../../../schemas/session/feedback-scores.ts'
import {
  NO_CRITERIA,
  criterionScore,
  formatScore,
  hasSubCriteria,
  orderedCriteria,
  slotId,
  type FeedbackDraft,
} from '../room/feedback-form.ts'
import type { SubmitChoice } from '../room/submit-choices.ts'
import { Alert } from '../../components/Alert.tsx'
import { BusyButton } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { PhaseHeading, type HeadingLevel } from '../PhaseHeading.tsx'
import { ScoreScale } from './ScoreScale.tsx'
import { StationMarkingFields } from './StationMarkingFields.tsx'
import type { StationMarking } from '../../../schemas/session/types.ts'
import type { WireRole } from '../../../schemas/session-wire.ts'

const CHOICE_LABELS: Record<SubmitChoice, string> = {
  close: 'Submit Feedback & Close',
  newCase: 'Submit & New Case',
  roleChange: 'Submit & Role Change',
  rotateSeats: 'Submit & Rotate Seats',
  submit: 'Submit Marks',
}

export interface FeedbackFormProps {
  /** The form's heading and name; the doctor's private self-assessment uses the same form under its own. */
  title?: string
  /** 2 in the room; lower where the form is drawn inside another section. */
  headingLevel?: HeadingLevel
  criteria: CriterionView[]
  draft: FeedbackDraft
  formError: string | null
  /** Submits of this form refused for empty slots: once there is one, they are marked; each moves focus to the first. */
  refusals: number
  /** Submit buttons appear in the feedback phase only; during the consultation the form is for notes. */
  choices: SubmitChoice[]
  /** Who sits where if the seats rotate (submit-choices.ts), said beside that button. */
  rotationPreview?: string | null
  busy: boolean
  onScore: (slot: string, score: number) => void
  onComment: (text: string) => void
  /** The judgement and areas (StationMarkingFields) of the room's form; the role decides what is required. */
  marking?: { role: WireRole; onChange: (marking: StationMarking) => void }
  onSubmit: (choice: SubmitChoice) => void
}

/**
 * The scored feedback for the doctor: one scale per criterion or sub-criterion, and a comment. A submit refused
 * for empty slots marks each of them and moves focus to the first, which on a phone may be a long scroll away;
 * the marks stay while the user fills them in, and go with the form (a new case starts it empty).
 */
export function FeedbackForm(props: FeedbackFormProps) {
  const { refusals, title = 'Feedback for the doctor' } = props
  const commentId = useId()
  const previewId = useId()
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLInputElement>('[data-missing] input')?.focus()
  }, [refusals])
  const missing = (slot: string) => refusals > 0 && props.draft.scores[slot] === undefined
  if (props.criteria.length === 0) return <Alert tone="error">{NO_CRITERIA}</Alert>
  return (
    <Form ref={form} aria-label={title} onSubmit={(event) => event.preventDefault()}>
      <PhaseHeading level={props.headingLevel}>{title}</PhaseHeading>
      <Hint>
        Score each item from {MIN_SCORE} ({SCORE_DESCRIPTORS[MIN_SCORE]}) to {MAX_SCORE} ({SCORE_DESCRIPTORS[MAX_SCORE]}).
      </Hint>
      {/* Held still while the scores are being sent: a change made then would not be in what was sent. */}
      <Fields disabled={props.busy}>
        {orderedCriteria(props.criteria).map((criterion) => (
          <Criterion key={criterion.id}>
            {hasSubCriteria(criterion) ? (
              <SubCriteria>
                <legend>{criterion.name}</legend>
                <Average>{averageText(criterion, props.draft)}</Average>
                {criterion.subCriteria.map((sub) => (
                  <ScoreScale
                    key={sub.id}
                    name={slotId(criterion.id, sub.id)}
                    label={sub.name}
                    value={props.draft.scores[slotId(criterion.id, sub.id)]}
                    missing={missing(slotId(criterion.id, sub.id))}
                    onChange={(score) => props.onScore(slotId(criterion.id, sub.id), score)}
                  />
                ))}
              </SubCriteria>
            ) : (
              <ScoreScale
                name={slotId(criterion.id)}
                label={criterion.name}
                value={props.draft.scores[slotId(criterion.id)]}
                missing={missing(slotId(criterion.id))}
                onChange={(score) => props.onScore(slotId(criterion.id), score)}
              />
            )}
          </Criterion>
        ))}
        {props.marking && <StationMarkingFields role={props.marking.role} marking={props.draft.marking} refusals={refusals} onChange={props.marking.onChange} />}
        <label htmlFor={commentId}>Additional comments</label>
        <Comment id={commentId} value={props.draft.comment} onChange={(event) => props.onComment(event.target.value)} rows={4} maxLength={5000} />
      </Fields>
      {props.formError && <Alert tone="error">{props.formError}</Alert>}
      {props.choices.length > 0 && (
        <Choices>
          {props.choices.map((choice) => (
            <BusyButton
              key={choice}
              type="button"
              $variant={choice === 'close' ? 'primary' : 'secondary'}
              busy={props.busy}
              onClick={() => props.onSubmit(choice)}
              aria-describedby={choice === 'rotateSeats' ? previewId : undefined}
            >
              {CHOICE_LABELS[choice]}
            </BusyButton>
          ))}
        </Choices>
      )}
      {props.choices.includes('rotateSeats') && <Hint id={previewId}>{props.rotationPreview}</Hint>}
    </Form>
  )
}

function averageText(criterion: CriterionView, draft: FeedbackDraft): string {
  const score = criterionScore(criterion, draft.scores)
  if (score === null) return 'Average: not scored yet'
  const left = criterion.subCriteria.filter((sub) => draft.scores[slotId(criterion.id, sub.id)] === undefined).length
  return `Average: ${formatScore(score)} / ${MAX_SCORE}${left > 0 ? ` (${left} not scored yet)` : ''}`
}

const Form = styled.form`
  margin-top: 20px;
  h2 { font-size: 1.2rem; }
`

const Fields = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  > label { display: block; margin-top: 16px; font-weight: 600; }
`

const Hint = styled.p`
  color: ${theme.color.muted};
`

const Criterion = styled.div`
  margin-bottom: 8px;
`

/** The sub-criteria's scales form one group, so each is announced with the criterion it belongs to. */
const SubCriteria = styled.fieldset`
  min-width: 0;
  margin: 12px 0 0;
  padding: 0;
  border: 0;
  > legend { float: left; margin-right: 12px; padding: 0; font-weight: 700; overflow-wrap: anywhere; }
  > fieldset { clear: both; }
`

const Average = styled.p`
  margin: 0;
  text-align: right;
  font-weight: 700;
  color: ${theme.color.primaryHover};
`

const Comment = styled.textarea`
  width: 100%;
  margin: 4px 0 16px;
  padding: 10px 12px;
  border: 1px solid ${theme.color.controlBorder};
  border-radius: ${theme.radius.small};
  resize: vertical;
`

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
