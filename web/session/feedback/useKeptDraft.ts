import { useEffect, useRef } from 'react'
import type { RoomEvent } from '../../../schemas/session-room/room-machine.ts'
import type { RoomSnapshot } from '../useRoom.ts'
import { clearDraft, loadDraft, saveDraft } from './draft-storage.ts'

/**
 * Keeps the feedback draft across reloads: when the room opens a form, a draft kept for that same form is put
 * back; every change is kept after that; once the feedback is sent, or the session is over, it is dropped.
 */
export function useKeptDraft(code: string, snapshot: RoomSnapshot, send: (event: RoomEvent) => void) {
  const { draft, draftFor } = snapshot.context
  const editing = snapshot.matches({ room: 'editing' })
  const sent = snapshot.matches({ room: 'submitted' }) || snapshot.matches({ room: 'closed' }) || snapshot.matches('ended')
  const checkedFor = useRef('')

  useEffect(() => {
    if (!editing || !draftFor) return
    if (checkedFor.current !== draftFor) {
      checkedFor.current = draftFor
      const kept = loadDraft(code)
      if (kept?.owner === draftFor) return send({ type: 'RESTORE_DRAFT', owner: kept.owner, saved: kept.draft })
    }
    saveDraft(code, draftFor, draft)
  }, [code, editing, draftFor, draft, send])

  useEffect(() => {
    if (sent) clearDraft(code)
  }, [code, sent])
}
