/**
 * The fold's side of what the patient and the examiner note while a station runs (the decisions: station-notes.ts).
 *
 * What the patient and the examiner note while a station runs (issue 32): the examiner marks each checklist item
 * Done / Partly / Not done as they watch, the patient ticks each fact as they tell it. Each note is an event
 * stamped with the second of the consultation it was made at, so the debrief can show the round in time and a
 * replay shows exactly what was noted when. The round's doctor sees none of it before the round is over.
 */
import type { SessionEvent, SessionRole, StationProgress } from './types.ts'

type MarkEvent = Extract<SessionEvent, { type: 'ChecklistItemMarked' }>
type RevealEvent = Extract<SessionEvent, { type: 'FactRevealed' }>

/** The progress after a mark or a reveal: an examiner's latest mark per item, the facts told in the order told. */
export function progressAfter(progress: StationProgress, event: MarkEvent | RevealEvent): StationProgress {
  if (event.type === 'ChecklistItemMarked') {
    const others = progress.marks.filter((mark) => !(mark.userId === event.userId && mark.itemId === event.itemId))
    return { ...progress, marks: [...others, { userId: event.userId, itemId: event.itemId, mark: event.mark, second: event.second }] }
  }
  const others = progress.revealedFacts.filter((fact) => fact.factId !== event.factId)
  return { ...progress, revealedFacts: event.revealed ? [...others, { factId: event.factId, second: event.second }] : others }
}

/**
 * What each seat sees of the round's notes: the observers everything, the patient the facts they told (the marks
 * are the examiners'), the doctor nothing until the round is over, when the debrief shows it (case-reveal.ts).
 */
export function progressSeenBy(progress: StationProgress, seat: SessionRole | null): StationProgress | null {
  if (seat === 'OBSERVER') return progress
  if (seat === 'PATIENT') return { marks: [], revealedFacts: progress.revealedFacts }
  return null
}
