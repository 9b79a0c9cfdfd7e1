import { Button } from '../../components/Button.tsx'
import { Dialog } from '../Dialog.tsx'

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
