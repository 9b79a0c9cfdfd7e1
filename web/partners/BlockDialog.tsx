import { ConfirmDialog } from '../admin/ConfirmDialog.tsx'
import { safetyApi } from '../api/safety.ts'

/** Whom a block or a report is about: an id and a name, never more. */
export interface Person {
  userId: number
  name: string
}

/**
 * "Block" asks first, saying what a block does. On success the owner hears the server's sentence; a failure keeps
 * the dialog open with the server's words.
 */
export function BlockDialog(props: { person: Person; onBlocked(message: string): void; onClose(): void }) {
  const { person } = props
  const confirm = async () => {
    const answer = await safetyApi.block(person.userId)
    props.onBlocked(answer.message)
  }
  return (
    <ConfirmDialog title={`Block ${person.name}?`} confirmLabel="Block" danger failureMessage="Could not block. Please try again." onConfirm={confirm} onCancel={props.onClose}>
      <p>They will no longer see your listings, matches or profile, and you will not see theirs. They are not told.</p>
      <p>From now on, neither of you can join a session the other is in. A session already running goes on until you leave it. In a planned session that has not started, whoever of you is not the host loses their seat.</p>
      <p>You can unblock them later from My partners.</p>
    </ConfirmDialog>
  )
}
