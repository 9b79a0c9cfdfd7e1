import { useId, useState } from 'react'
import styled from 'styled-components'
import { NOTE_MAX, PLAN_AHEAD_DAYS, plannedStartWindow } from '../../schemas/board.ts'
import { instantOfWallTime, wallTimeIn } from '../../schemas/time-zones.ts'
import { Actions } from '../admin/ConfirmDialog.tsx'
import { Modal } from '../admin/Modal.tsx'
import { ApiError, errorMessage } from '../api/client.ts'
import { plannedStart } from '../board/ListOnBoard.tsx'
import { readerLocale } from '../board/times.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton, Button } from '../components/Button.tsx'
import { StackedField } from '../forms/StackedField.ts'
import { theme } from '../theme.ts'
import { bothClocks, type OtherClock } from './proposal-words.ts'

/**
 * Proposing a time (issue 36), first or another in answer: a date and time in my zone, written live on the other
 * person's clock too, and a short note. The server's refusal shows in the dialog, which stays open with what was
 * typed; `submit` is the call (propose to a candidate or a listing's host, or counter).
 */
export function ProposeTimeDialog(props: {
  title: string
  partner: OtherClock
  zone: string
  /** ISO: the time the field starts at (a proposal answered, an overlap of free hours); empty otherwise. */
  initialStartsAt?: string
  submit(body: { startsAt: string; note: string }): Promise<{ message: string }>
  onDone(message: string): void
  onClose(): void
}) {
  const { zone, partner } = props
  const ids = { when: useId(), clocks: useId(), whenError: useId(), note: useId() }
  const [at, setAt] = useState(() => (props.initialStartsAt ? wallTimeIn(Date.parse(props.initialStartsAt), zone) : ''))
  const [note, setNote] = useState('')
  const [atProblem, setAtProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const chosen = at ? instantOfWallTime(at, zone) : null
  const limits = plannedStartWindow(Date.now())

  const send = async () => {
    // A held submit button still submits its form: a second Enter sends nothing more.
    if (busy) return
    const planned = plannedStart(at, zone, Date.now())
    if ('problem' in planned) return setAtProblem(planned.problem)
    setAtProblem(null)
    setFailure(null)
    setBusy(true)
    try {
      const answer = await props.submit({ startsAt: planned.startsAt, note })
      props.onDone(answer.message)
    } catch (error) {
      // A field the server named is shown at the field; everything typed stays as it was.
      const fields = error instanceof ApiError ? error.validationErrors : null
      if (fields?.startsAt) setAtProblem(fields.startsAt)
      setFailure(errorMessage(error, 'Could not propose this time. Please try again.'))
      setBusy(false)
    }
  }

  return (
    <Modal title={props.title} onRequestClose={props.onClose}>
      {/* noValidate: the time's limits are checked on sending, with a message in the user's zone. */}
      <form noValidate onSubmit={(event) => (event.preventDefault(), void send())}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <StackedField>
          <label htmlFor={ids.when}>
            Date and time in your zone, {zone} (at most {PLAN_AHEAD_DAYS} days ahead)
          </label>
          <input
            id={ids.when}
            type="datetime-local"
            value={at}
            data-autofocus
            min={wallTimeIn(limits.after, zone)}
            max={wallTimeIn(limits.latest, zone)}
            aria-invalid={atProblem ? true : undefined}
            aria-describedby={[ids.clocks, atProblem ? ids.whenError : ''].filter(Boolean).join(' ')}
            onChange={(event) => setAt(event.target.value)}
          />
          <Clocks id={ids.clocks} aria-live="polite">
            {chosen === null ? `Choose a time: it is shown on ${partner.name}'s clock too.` : bothClocks(chosen, zone, partner, readerLocale())}
          </Clocks>
          {atProblem && (
            <FieldError id={ids.whenError} role="alert">
              {atProblem}
            </FieldError>
          )}
        </StackedField>
        <StackedField>
          <label htmlFor={ids.note}>Note to {partner.name} (optional)</label>
          <textarea id={ids.note} value={note} maxLength={NOTE_MAX} rows={2} onChange={(event) => setNote(event.target.value)} aria-describedby={`${ids.note}-count`} />
          <Count id={`${ids.note}-count`}>
            {note.length}/{NOTE_MAX} characters
          </Count>
        </StackedField>
        <p>{partner.name} is told by email and answers on their partners page. Your email address is never shown.</p>
        <Actions>
          <Button type="button" $variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={busy}>
            {busy ? 'Sending…' : 'Propose this time'}
          </BusyButton>
        </Actions>
      </form>
    </Modal>
  )
}

const Clocks = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`

const FieldError = styled.span`
  color: ${theme.color.danger};
  font-weight: 600;
`

const Count = styled.span`
  color: ${theme.color.muted};
  font-size: 0.85rem;
`
