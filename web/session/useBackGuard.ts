import { useEffect, useRef } from 'react'
import type { Phase } from '../../schemas/session/types.ts'
import { backAsksBeforeLeaving } from './room/leaving-warning.ts'

const GUARD = 'plabRoomBackGuard'

const isGuardEntry = (state: unknown) => typeof state === 'object' && state !== null && GUARD in state

/**
 * In the room's phases where leaving matters (`phase` null: no room on screen), the browser's Back asks first,
 * as Exit does, instead of leaving (issue 29). A second history entry for the same address sits on top of the
 * room's own; Back lands on the room's entry, the page stays (the address is the same), the guard entry goes back
 * on top at once and `onBack` asks the question. Stay keeps the user in the room; Back pressed again asks again.
 * The entry's state survives a reload, so it is never added twice.
 *
 * Chromium's Back skips entries a page added before the user first touched it, so there, on a page nobody has
 * clicked since loading it, Back still leaves at once. Once the session is completed the entry stays unused:
 * Back then takes one press more, which is harmless (docs/decisions/0108-back-in-the-room.md).
 */
export function useBackGuard(phase: Phase | null, onBack: () => void) {
  const active = backAsksBeforeLeaving(phase)
  const back = useRef(onBack)
  back.current = onBack

  useEffect(() => {
    if (!active) return
    const arm = () => {
      if (!isGuardEntry(history.state)) history.pushState({ [GUARD]: true }, '')
    }
    const onPopState = () => {
      // Forward onto the guard entry (after Stay and a Back from elsewhere) is no attempt to leave.
      if (isGuardEntry(history.state)) return
      arm()
      back.current()
    }
    arm()
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [active])
}
