import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { CandidateReportForm, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type SharedSession } from '../../schemas/partners/safety.ts'
import { Actions } from '../admin/ConfirmDialog.tsx'
import { Modal } from '../admin/Modal.tsx'
import { ApiError, errorMessage } from '../api/client.ts'
import { safetyApi } from '../api/safety.ts'
import { dateFor } from '../board/times.ts'
import { ChoiceList } from '../case-feedback/ChoiceList.tsx'
import { FormOutcome, type Outcome } from '../case-feedback/FormOutcome.tsx'
import { BusyButton, Button } from '../components/Button.tsx'
import { SelectBox } from '../forms/SelectBox.tsx'
import { ErrorText, Field, Hint, Input, Label } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'
import type { Person } from './BlockDialog.tsx'

const REASONS = REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }))
const isReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value)
/** The session select's "none": a report about a time agreed, not a session. */
const NO_SESSION = ''

/**
 * "Report" a candidate to the admins: what happened, in the reporter's words, and in which session. A session the
 * page knows (`sessionCode`) is named; otherwise the reporter picks one of the sessions they shared, newest first.
 * What was typed stays while the dialog is open, whatever the server answers.
 */
export function ReportCandidateDialog(props: { person: Person; zone: string; sessionCode?: string; onClose(): void }) {
  const { person, zone } = props
  const form = useForm(CandidateReportForm, { reason: '', details: '' })
  const [sessions, setSessions] = useState<SharedSession[] | null>(props.sessionCode ? [] : null)
  const [sessionCode, setSessionCode] = useState(props.sessionCode ?? NO_SESSION)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [sent, setSent] = useState(false)
  const detailsId = useId()

  useEffect(() => {
    if (props.sessionCode) return
    const controller = new AbortController()
    safetyApi.sharedSessions(person.userId, controller.signal).then(
      (shared) => {
        setSessions(shared)
        setSessionCode(shared[0]?.code ?? NO_SESSION)
      },
      // Without the list, the report can still go without naming a session.
      () => !controller.signal.aborted && setSessions([]),
    )
    return () => controller.abort()
  }, [person.userId, props.sessionCode])

  const onSubmit = form.handleSubmit(async (report) => {
    setOutcome(null)
    try {
      const answer = await safetyApi.report({ userId: person.userId, ...(sessionCode ? { sessionCode } : {}), ...report })
      setSent(true)
      setOutcome({ tone: 'success', text: answer.message })
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.validationErrors : null
      if (fieldErrors) form.setServerErrors(fieldErrors)
      setOutcome({ tone: 'error', text: errorMessage(error, 'Your report could not be sent. Please try again.') })
    }
  })

  const reason = form.values.reason
  const details = form.values.details ?? ''
  const detailsError = form.errors.details
  const required = reason === 'OTHER'
  const sessionChoices = [...(sessions ?? []).map((session) => ({ value: session.code, label: `${session.title} (${dateFor(session.createdAt, zone)})` })), { value: NO_SESSION, label: 'Not about one session (a time we agreed)' }]

  return (
    <Modal title={`Report ${person.name}`} onRequestClose={props.onClose}>
      {sent ? (
        <>
          <FormOutcome outcome={outcome} />
          <Actions>
            <Button type="button" onClick={props.onClose} data-autofocus>
              Close
            </Button>
          </Actions>
        </>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={`Report ${person.name}`}>
          <Hint>Only the administrators read reports. {person.name} is not told who reported them.</Hint>
          {props.sessionCode ? (
            <p>About the session {props.sessionCode}.</p>
          ) : sessions === null ? (
            <p role="status">Finding the sessions you shared…</p>
          ) : (
            sessions.length > 0 && <SelectBox label="Which session was it?" value={sessionCode} onChange={setSessionCode} options={sessionChoices} />
          )}
          <ChoiceList
            legend="What happened?"
            choices={REASONS}
            value={isReason(reason) ? reason : null}
            onChange={(chosen) => {
              form.setValue('reason', chosen)
              setOutcome(null)
            }}
            error={form.errors.reason}
          />
          <Field>
            <Label htmlFor={detailsId}>Details ({required ? 'required' : 'optional'})</Label>
            <Input
              as="textarea"
              id={detailsId}
              rows={4}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => form.setValue('details', event.target.value)}
              onBlur={() => form.blur('details')}
              aria-required={required}
              aria-invalid={detailsError ? true : undefined}
              aria-describedby={[`${detailsId}-count`, detailsError && `${detailsId}-error`].filter(Boolean).join(' ')}
              $invalid={Boolean(detailsError)}
            />
            <Hint id={`${detailsId}-count`}>
              {details.length} of {REPORT_DETAILS_MAX} characters
            </Hint>
            {detailsError && <ErrorText id={`${detailsId}-error`}>{detailsError}</ErrorText>}
          </Field>
          <FormOutcome outcome={outcome} />
          <Actions>
            <Button type="button" $variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={form.pending}>
              {form.pending ? 'Sending…' : 'Send report'}
            </BusyButton>
          </Actions>
        </form>
      )}
    </Modal>
  )
}
