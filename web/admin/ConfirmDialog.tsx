import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton, Button } from '../components/Button.tsx'
import { Modal } from './Modal.tsx'

interface ConfirmDialogProps {
  title: string
  children: ReactNode
  confirmLabel: string
  /** The way out, when "Cancel" would read as the action itself (cancelling a listing). */
  cancelLabel?: string
  /** May be async: the dialog waits, and on failure stays open with the server's words (or `failureMessage`). */
  onConfirm: () => Promise<void> | void
  onCancel: () => void
  failureMessage?: string
  danger?: boolean
}

/** "Are you sure?" in a real modal. Cancel is focused first, so an Enter pressed out of habit destroys nothing. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, failureMessage = 'Something went wrong. Please try again.', danger = false }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
    } catch (failure) {
      setError(errorMessage(failure, failureMessage))
      setBusy(false)
    }
  }

  return (
    <Modal title={title} onRequestClose={onCancel}>
      {error && <Alert tone="error">{error}</Alert>}
      <Message>{children}</Message>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <BusyButton type="button" onClick={confirm} busy={busy} $variant={danger ? 'danger' : 'primary'}>
          {busy ? 'Working...' : confirmLabel}
        </BusyButton>
      </Actions>
    </Modal>
  )
}

const Message = styled.div`
  margin-bottom: 20px;
  overflow-wrap: anywhere;
`

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`
