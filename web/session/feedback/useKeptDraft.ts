import { useEffect, useRef } from 'react'
import { draftCase } from '../room/room-state.ts'
import type { RoomEvent } from '../room/room-context.ts'
import type { RoomSnapshot } from '../room/room-machine.ts'
import { clearDraft, loadDraft, saveDraft } from './draft-storage.ts'

/**
 * Keeps the feedback draft across reloads: when the room opens a form, a draft kept for the same case and round
 * is put back; every change is kept after that; once the feedback is sent, or the session is over, it is dropped.
 */
export function useKeptDraft(code: string, snapshot: RoomSnapshot, send: (event: RoomEvent) => void) {
  const { draft, draftFor, session, userId } = snapshot.context
  const forCase = session ? draftCase(session) : ''
  const editing = snapshot.matches({ room: { form: 'editing' } })
  const sent = snapshot.matches({ room: { form: 'submitted' } }) || snapshot.matches({ room: { form: 'closed' } }) || snapshot.matches('ended')
  const checkedFor = useRef('')

  useEffect(() => {
    if (!editing || !draftFor || !forCase) return
    // Once per form (draftFor changes with every new form), before anything is kept for it.
    if (checkedFor.current !== draftFor) {
      checkedFor.current = draftFor
      const kept = loadDraft(userId, code)
      if (kept?.forCase === forCase) return send({ type: 'RESTORE_DRAFT', forCase, saved: kept.draft })
    }
    saveDraft(userId, code, forCase, draft)
  }, [userId, code, editing, draftFor, forCase, draft, send])

  useEffect(() => {
    if (sent) clearDraft(userId, code)
  }, [userId, code, sent])
}
