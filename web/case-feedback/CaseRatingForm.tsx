import { useRef, useState, type FormEvent } from 'react'
import { DIFFICULTY_LABELS, REALISM_LABELS, SCALE_POINTS, type CaseFeedbackSource, type CaseRatingView, type ScalePoint } from '../../schemas/case-feedback.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import { caseFeedbackApi } from '../api/case-feedback.ts'
import { errorMessage } from '../api/client.ts'
import { BusyButton } from '../components/Button.tsx'
import { ratingProblems, type RatingChoice } from './case-feedback-form.ts'
import { ChoiceList } from './ChoiceList.tsx'
import { FormOutcome, type Outcome } from './FormOutcome.tsx'

const scale = (labels: Record<ScalePoint, string>) => SCALE_POINTS.map((point) => ({ value: point, label: `${point}: ${labels[point]}` }))
const REALISM = scale(REALISM_LABELS)
const DIFFICULTY = scale(DIFFICULTY_LABELS)

/** "How was this case?": how real and how hard, starting from the rating the person gave before, if any. */
export function CaseRatingForm({ source, saved }: { source: CaseFeedbackSource; saved: CaseRatingView | null }) {
  const [choice, setChoice] = useState<RatingChoice>({ realism: saved?.realism ?? null, difficulty: saved?.difficulty ?? null })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  const choose = (change: Partial<RatingChoice>) => {
    setChoice((current) => ({ ...current, ...change }))
    setErrors({})
    setOutcome(null)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problems = ratingProblems(choice)
    setErrors(problems)
    if (choice.realism === null || choice.difficulty === null || Object.keys(problems).length > 0) {
      setOutcome({ tone: 'error', text: 'Please choose a point on both scales before saving.' })
      // To the first scale left unchosen, once it is marked invalid.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      const answer = await caseFeedbackApi.rate({ source, realism: choice.realism, difficulty: choice.difficulty })
      setOutcome({ tone: 'success', text: `${answer.message}. Saving again replaces it.` })
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'Your rating could not be saved. Please try again.') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={form} onSubmit={save} noValidate aria-label="Rate this case">
      <ChoiceList legend="How real did the patient and the story feel?" choices={REALISM} value={choice.realism} onChange={(realism) => choose({ realism })} error={errors.realism} />
      <ChoiceList legend="How hard was it, compared with the exam?" choices={DIFFICULTY} value={choice.difficulty} onChange={(difficulty) => choose({ difficulty })} error={errors.difficulty} />
      <FormOutcome outcome={outcome} />
      <BusyButton type="submit" busy={busy}>
        {busy ? 'Saving…' : 'Save rating'}
      </BusyButton>
    </form>
  )
}
