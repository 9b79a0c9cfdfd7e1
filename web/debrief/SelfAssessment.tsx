import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { ScoredAssessment, SelfAssessmentForm } from '../../schemas/debrief.ts'
import { debriefApi } from '../api/debrief.ts'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FeedbackForm } from '../session/feedback/FeedbackForm.tsx'
import { theme } from '../theme.ts'
import { EMPTY_DRAFT, RATINGS_REQUIRED, isComplete, restoredDraft, slotId, toCriteriaScores, withScore, type FeedbackDraft } from '../session/room/feedback-form.ts'

/**
 * The doctor's private self-assessment while the others score the consultation, on the same mark scheme. Saved
 * for this round only, never shown to anyone else: it appears beside the peers' scores in the debrief.
 */
export function SelfAssessment({ code }: { code: string }) {
  const [form, setForm] = useState<SelfAssessmentForm | null>(null)
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_DRAFT)
  const [refusals, setRefusals] = useState(0)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)

  useEffect(() => {
    let current = true
    // Refused (the round moved on meanwhile): there is nothing to assess, so nothing is shown.
    debriefApi.selfAssessmentForm(code).then(
      (answer) => {
        if (!current) return
        setForm(answer)
        if (answer.saved) setDraft(draftOf(answer.saved, answer))
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [code])

  if (!form) return null
  const save = async () => {
    setOutcome(null)
    if (!isComplete(form.criteria, draft.scores)) {
      setRefusals((count) => count + 1)
      setOutcome({ tone: 'error', text: RATINGS_REQUIRED })
      return
    }
    setBusy(true)
    try {
      await debriefApi.saveSelfAssessment(code, { round: form.round, comment: draft.comment, criteriaScores: toCriteriaScores(form.criteria, draft.scores) })
      setOutcome({ tone: 'success', text: 'Self-assessment saved. Only you will see it, beside the others’ scores in your debrief.' })
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'Could not save your self-assessment. Please try again.') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box>
      <p>While you wait, score yourself on the same mark scheme. Nobody else sees this.</p>
      <FeedbackForm
        title="Assess yourself (private)"
        criteria={form.criteria}
        draft={draft}
        formError={null}
        refusals={refusals}
        choices={[]}
        busy={busy}
        onScore={(slot, score) => setDraft((current) => withScore(current, form.criteria, slot, score))}
        onComment={(comment) => setDraft((current) => ({ ...current, comment }))}
        onSubmit={save}
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button type="button" onClick={save} disabled={busy}>
        {busy ? 'Saving…' : 'Save my self-assessment'}
      </Button>
    </Box>
  )
}

/** A saved self-assessment back in the form's slots, each checked against the mark scheme as if given now. */
function draftOf(saved: ScoredAssessment, form: SelfAssessmentForm): FeedbackDraft {
  const scores: Record<string, number | null> = {}
  for (const criterion of saved.criteriaScores) {
    if (criterion.subScores.length === 0) scores[slotId(criterion.criterionId)] = criterion.score
    for (const sub of criterion.subScores) scores[slotId(criterion.criterionId, sub.subCriterionId)] = sub.score
  }
  return restoredDraft({ scores: Object.fromEntries(Object.entries(scores).filter(([, score]) => score !== null)), comment: saved.comment }, form.criteria)
}

const Box = styled.section`
  margin-top: 20px;
  padding-top: 12px;
  border-top: 1px solid ${theme.color.border};
`
