import { Button } from '../../components/Button.tsx'
import { Dialog } from '../Dialog.tsx'

/** SPEC section 2: in the feedback phase leaving completes the session; at any other time it is an exit. */
export function ExitDialog({ open, inFeedback, busy, onConfirm, onCancel }: { open: boolean; inFeedback: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const title = inFeedback ? 'Complete Session' : 'Exit Session'
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Stay
          </Button>
          <Button type="button" onClick={onConfirm} disabled={busy}>
            {busy ? 'Leaving…' : title}
          </Button>
        </>
      }
    >
      {inFeedback ? (
        <p>Completing the session ends your part in it. Feedback can no longer be modified afterwards.</p>
      ) : (
        <p>The other participants will be notified that you left. The session may end if too few participants remain.</p>
      )}
    </Dialog>
  )
}

/** The patient asked for the next case while the observer is still scoring (SPEC section 2, feedback panel). */
export function ObserverPendingDialog({ open, onWait, onContinue }: { open: boolean; onWait: () => void; onContinue: () => void }) {
  return (
    <Dialog
      open={open}
      title="Observer Feedback Pending"
      onClose={onWait}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onWait}>
            Wait
          </Button>
          <Button type="button" onClick={onContinue}>
            Continue Anyway
          </Button>
        </>
      }
    >
      <p>The observer has not submitted their feedback yet. If you continue now, the next case starts and their feedback for this one is lost.</p>
    </Dialog>
  )
}

/** One tap on a phone must not end the station for everyone: the doctor confirms ending the consultation early. */
export function EndConsultationDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog
      open={open}
      title="End Consultation"
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Keep going
          </Button>
          <Button type="button" onClick={onConfirm}>
            End Consultation
          </Button>
        </>
      }
    >
      <p>End the consultation for everyone now? The patient and observer move on to scoring it.</p>
    </Dialog>
  )
}
