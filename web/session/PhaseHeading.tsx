import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import type { Phase } from '../../schemas/session/types.ts'

/**
 * A heading the room hands focus to when it enters a phase: the first one in the room's body is that phase's
 * (what it is called for this role: "Reading time", the feedback form, "Feedback Submitted"...).
 */
export function PhaseHeading({ id, level = 2, children }: { id?: string; level?: HeadingLevel; children: ReactNode }) {
  const Heading = `h${level}` as const
  return (
    <Heading id={id} tabIndex={-1} data-phase-heading="">
      {children}
    </Heading>
  )
}

/** The room's parts head their sections at h2; drawn inside another page's section (the admin's seat screens), lower. */
export type HeadingLevel = 2 | 3 | 4

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
