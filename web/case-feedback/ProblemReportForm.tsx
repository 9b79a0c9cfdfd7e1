import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { DETAILS_MAX, detailsRequired, PROBLEM_KIND_LABELS, PROBLEM_KINDS, ProblemReportForm as ReportFields, type CaseFeedbackSource, type ProblemKind } from '../../schemas/case-feedback.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { caseFeedbackApi } from '../api/case-feedback.ts'
import { BusyButton } from '../components/Button.tsx'
import { TextArea } from '../forms/TextArea.tsx'
import { useForm } from '../forms/useForm.ts'
import { theme } from '../theme.ts'
import { EMPTY_REPORT, forgetReport, keepReport, keptReport } from './case-feedback-form.ts'
import { ChoiceList } from './ChoiceList.tsx'
import { FormOutcome, type Outcome } from './FormOutcome.tsx'

const KINDS = PROBLEM_KINDS.map((kind) => ({ value: kind, label: PROBLEM_KIND_LABELS[kind] }))
const isKind = (value: string): value is ProblemKind => (PROBLEM_KINDS as readonly string[]).includes(value)

/** "Report a problem with this case": what kind, and in the reporter's words; sent to the reviewers' queue. */
export function ProblemReportForm({ source, userId }: { source: CaseFeedbackSource; userId: number }) {
  // Read once: the form keeps its own values from then on, and this browser keeps them as they change.
  const [kept] = useState(() => keptReport(userId, source))
  const form = useForm(ReportFields, { ...kept })
  const [outcome, setOutcome] = useState<Outcome>(null)

  useEffect(() => keepReport(userId, source, form.values), [userId, source, form.values])

  const onSubmit = form.handleSubmit(async (report) => {
    setOutcome(null)
    try {
      const answer = await caseFeedbackApi.report({ source, ...report })
      forgetReport(userId, source)
      form.reset({ ...EMPTY_REPORT })
      setOutcome({ tone: 'success', text: answer.message })
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.validationErrors : null
      if (fieldErrors) form.setServerErrors(fieldErrors)
      setOutcome({ tone: 'error', text: errorMessage(error, 'Your report could not be sent. It is kept in this browser: please try again.') })
    }
  })

  const kind = form.values.kind
  const required = isKind(kind) && detailsRequired(kind)
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Report a problem with this case">
      <ChoiceList
        legend="What is the problem?"
        choices={KINDS}
        value={isKind(kind) ? kind : null}
        onChange={(chosen) => {
          form.setValue('kind', chosen)
          setOutcome(null)
        }}
        error={form.errors.kind}
      />
      <Hint>Say what is wrong and where (the script, a finding, the checklist), and what it should say. Only reviewers read it.</Hint>
      <TextArea form={form} name="details" label={`Details (${required ? 'required' : 'optional'})`} rows={4} maxLength={DETAILS_MAX} aria-required={required} />
      <FormOutcome outcome={outcome} />
      <BusyButton type="submit" $variant="secondary" busy={form.pending}>
        {form.pending ? 'Sending…' : 'Send report'}
      </BusyButton>
    </form>
  )
}

const Hint = styled.p`
  margin: 0 0 8px;
  font-size: 0.875rem;
  color: ${theme.color.muted};
`
