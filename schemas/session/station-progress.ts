/**
 * What the notes of a station come to (who may make them: station-notes.ts): the fold of each note, what each
 * seat sees of them, and the scores the examiner's marks propose.
 *
 * What the patient and the examiner note while a station runs (issue 32): the examiner marks each checklist item
 * Done / Partly / Not done as they watch, the patient ticks each fact as they tell it. Each note is an event
 * stamped with the second of the consultation it was made at, so the debrief can show the round in time and a
 * replay shows exactly what was noted when. The round's doctor sees none of it before the round is over.
 */
import type { ChecklistItem } from '../station/station.ts'
import { stationResult } from './station-result.ts'
import type { ChecklistMark, CriterionScore, SessionEvent, SessionRole, StationProgress } from './types.ts'

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

/** The score a mark proposes on the form's 0-4 scale: done well, partly done, not done. */
export const SCORE_OF_MARK: Record<ChecklistMark, number> = { DONE: 4, PARTLY: 2, NOT_DONE: 0 }

/**
 * What an examiner's marks propose (issue 32, item 3): a score for each marked item, and the domain grades and
 * station score those give (station-result.ts). A proposal only: the examiner sets the form's scores, and so the
 * grades, themselves.
 */
export function proposalFromMarks(progress: StationProgress, userId: number, checklist: readonly Pick<ChecklistItem, 'id' | 'item' | 'domain'>[]) {
  const mine = new Map(progress.marks.filter((mark) => mark.userId === userId).map((mark) => [mark.itemId, SCORE_OF_MARK[mark.mark]]))
  const scores: CriterionScore[] = checklist.map((item) => ({ criterionId: item.id, criterionName: item.item, domain: item.domain, score: mine.get(item.id) ?? null, subScores: [] }))
  return { scores: mine, result: stationResult(scores) }
}
