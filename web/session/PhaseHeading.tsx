import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import type { Phase } from '../../schemas/session/types.ts'

/**
 * A heading the room hands focus to when it enters a phase: the first one in the room's body is that phase's
 * (what it is called for this role: "Reading time", the feedback form, "Feedback Submitted"...).
 */
export function PhaseHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} tabIndex={-1} data-phase-heading="">
      {children}
    </h2>
  )
}

/**
 * After each phase change (never on the page's first load), focus moves to the new phase's heading: a screen
 * reader says it once, and keyboard users continue from the top of the new phase rather than from the page's
 * start, where focus would fall when the button or form they were on went away with the old phase.
 */
export function useFocusOnPhaseChange(phase: Phase | null, body: RefObject<HTMLElement | null>) {
  const previous = useRef(phase)
  useEffect(() => {
    const before = previous.current
    previous.current = phase
    if (before === null || phase === null || before === phase) return
    body.current?.querySelector<HTMLElement>('[data-phase-heading]')?.focus()
  }, [phase, body])
}
