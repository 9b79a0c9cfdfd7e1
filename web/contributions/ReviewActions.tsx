import { useRef, useState } from 'react'
import styled from 'styled-components'
import { ReviewMessageBody } from '../../schemas/contributions/contribution-body.ts'
import type { ContributionAction } from '../../schemas/contributions/contribution.ts'
import type { Contribution } from '../../schemas/contributions/contribution-wire.ts'
import { validate } from '../../schemas/validate.ts'
import { EditorField } from '../admin/case-editor/editor-layout.tsx'
import { ConfirmDialog } from '../admin/ConfirmDialog.tsx'
import { errorMessage } from '../api/client.ts'
import { contributionsApi } from '../api/contributions.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton, Button } from '../components/Button.tsx'

type Sent = 'comment' | 'requestChanges'
const DONE: Record<Sent | 'approve', string> = {
  comment: 'Your comment was added.',
  requestChanges: 'The case went back to its author with your request.',
  approve: 'Approved: the case is in the bank.',
}

interface ReviewActionsProps {
  contribution: Contribution
  /** What the shared rules allow now (schemas/contributions/contribution.ts). */
  actions: ContributionAction[]
  onDone: (updated: Contribution) => void
}

/** A reviewer's message to the author, sent as a comment or a request for changes, or with the approval. */
export function ReviewActions({ contribution, actions, onDone }: ReviewActionsProps) {
  const [message, setMessage] = useState('')
  const [messageError, setMessageError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState<Sent | null>(null)
  const [confirmingApproval, setConfirmingApproval] = useState(false)
  const fieldRef = useRef<HTMLDivElement>(null)

  async function send(kind: Sent) {
    const checked = validate(ReviewMessageBody, { message })
    if (!checked.ok) {
      setMessageError(checked.errors.message)
      fieldRef.current?.querySelector('textarea')?.focus()
      return
    }
    setBusy(kind)
    setFailure(null)
    try {
      const call = kind === 'comment' ? contributionsApi.comment : contributionsApi.requestChanges
      finish(kind, await call(contribution.id, checked.value.message))
    } catch (error) {
      setFailure(errorMessage(error, 'Your message could not be sent. Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  function finish(kind: Sent | 'approve', updated: Contribution) {
    setMessage('')
    setMessageError(undefined)
    setDone(DONE[kind])
    onDone(updated)
  }

  const credit = contribution.showName ? `with ${contribution.authorName}'s name` : 'without a name, as its author chose'
  return (
    <section aria-labelledby="review-actions-heading">
      <h2 id="review-actions-heading">Your review</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <p role="status">{done}</p>
      <div ref={fieldRef}>
        <EditorField
          label="Message to the author"
          hint="Say what to change and why. Required to comment or ask for changes; sent with the approval if you approve."
          rows={4}
          value={message}
          onChange={(text) => {
            setMessage(text)
            setMessageError(undefined)
          }}
          error={messageError}
        />
      </div>
      <Buttons>
        {actions.includes('comment') && (
          <BusyButton type="button" $variant="secondary" busy={busy === 'comment'} onClick={() => void send('comment')}>
            {busy === 'comment' ? 'Sending…' : 'Comment'}
          </BusyButton>
        )}
        {actions.includes('requestChanges') && (
          <BusyButton type="button" $variant="secondary" busy={busy === 'requestChanges'} onClick={() => void send('requestChanges')}>
            {busy === 'requestChanges' ? 'Sending…' : 'Request changes'}
          </BusyButton>
        )}
        {actions.includes('approve') && (
          <Button type="button" onClick={() => setConfirmingApproval(true)}>
            Approve
          </Button>
        )}
      </Buttons>
      {confirmingApproval && (
        <ConfirmDialog
          title="Approve this case?"
          confirmLabel="Approve"
          failureMessage="The case could not be approved. Please try again."
          onCancel={() => setConfirmingApproval(false)}
          onConfirm={async () => {
            const updated = await contributionsApi.approve(contribution.id, message.trim())
            setConfirmingApproval(false)
            finish('approve', updated)
          }}
        >
          It enters the case bank at once, shown {credit}, and sessions can draw it. This cannot be undone: later changes are made in the bank.
        </ConfirmDialog>
      )}
    </section>
  )
}

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 24px;
`
