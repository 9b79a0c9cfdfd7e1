import type { ReactNode } from 'react'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../Dialog.tsx'

interface ChoiceDialogProps {
  open: boolean
  title: string
  /** The safe choice, also taken by Escape. */
  cancelLabel: string
  onCancel: () => void
  confirmLabel: string
  onConfirm: () => void
  /** While the confirmed action runs: the confirm button is held and says so. */
  busyLabel?: string | null
  children: ReactNode
}

/** The room's questions with two answers: the safe one first, the one that acts last. */
function ChoiceDialog({ open, title, cancelLabel, onCancel, confirmLabel, onConfirm, busyLabel = null, children }: ChoiceDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="button" onClick={onConfirm} disabled={busyLabel !== null}>
            {busyLabel ?? confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}

interface ExitDialogProps {
  open: boolean
  inFeedback: boolean
  /** The doctor gives no feedback: completing means no further case for them, while the others finish scoring. */
  isDoctor: boolean
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** SPEC section 2: in the feedback phase leaving completes the session; at any other time it is an exit. */
export function ExitDialog({ open, inFeedback, isDoctor, busy, onConfirm, onCancel }: ExitDialogProps) {
  const title = inFeedback ? 'Complete Session' : 'Exit Session'
  return (
    <ChoiceDialog open={open} title={title} cancelLabel="Stay" onCancel={onCancel} confirmLabel={title} onConfirm={onConfirm} busyLabel={busy ? 'Leaving…' : null}>
      {!inFeedback ? (
        <p>The other participants will be notified that you left. The session may end if too few participants remain.</p>
      ) : isDoctor ? (
        <p>Completing the session ends your part in it: no further case is played in this session. It closes once the patient and observer have finished; the feedback they give you then appears on your dashboard.</p>
      ) : (
        <p>Completing the session ends your part in it. Feedback can no longer be modified afterwards.</p>
      )}
    </ChoiceDialog>
  )
}

/** One tap on a phone must not end the station for everyone: the doctor confirms ending the consultation early. */
export function EndConsultationDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ChoiceDialog open={open} title="End Consultation" cancelLabel="Keep going" onCancel={onCancel} confirmLabel="End Consultation" onConfirm={onConfirm}>
      <p>End the consultation for everyone now? The patient and observer move on to scoring it.</p>
    </ChoiceDialog>
  )
}

/** The next round waits for someone not in the room: its doctor may start it, knowing whom the clock leaves behind. */
export function StartWithoutDialog({ missing, open, onConfirm, onCancel }: { missing: string; open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ChoiceDialog open={open} title="Start without everyone?" cancelLabel="Keep waiting" onCancel={onCancel} confirmLabel="Start now" onConfirm={onConfirm}>
      <p>{missing} not in the room. The reading time starts for everyone now, and runs without them until they come back.</p>
    </ChoiceDialog>
  )
}
