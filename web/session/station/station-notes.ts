import type { RoleCaseView } from '../../../schemas/case-views.ts'
import { DOMAINS, type Domain } from '../../../schemas/marking.ts'
import type { ChecklistMark } from '../../../schemas/session/types.ts'
import type { StationProgressView } from '../../../schemas/session-wire.ts'
import type { ChecklistItem, PatientFact } from '../../../schemas/station/station.ts'
import { formatClock } from '../room/timer.ts'

/** What the room shows of a station's notes (issue 32): pure, so the panels only draw it. */

/** The patient's opening line, said first; null for a case in the older shape. */
export function openingLineOf(view: RoleCaseView | null): string | null {
  return view && 'patientScript' in view && view.patientScript ? view.patientScript.openingLine : null
}

/** The patient's facts, each with whether it has been told and when. */
export function factsToTell(view: RoleCaseView | null, progress: StationProgressView | null): Array<PatientFact & { toldAt: string | null; told: boolean }> {
  const script = view && 'patientScript' in view ? view.patientScript : null
  if (!script) return []
  const told = new Map(progress?.revealedFacts.map((fact) => [fact.factId, fact.second]))
  return script.facts.map((fact) => ({ ...fact, told: told.has(fact.id), toldAt: secondText(told.get(fact.id)) }))
}

/** The examiner's checklist by domain, in the exam's order, with this examiner's latest mark on each item. */
export function checklistByDomain(view: RoleCaseView | null, progress: StationProgressView | null, userId: number) {
  const checklist = view && 'checklist' in view ? view.checklist : null
  if (!checklist) return []
  const mine = new Map(progress?.marks.filter((mark) => mark.userId === userId).map((mark) => [mark.itemId, mark]))
  const marked = (item: ChecklistItem) => {
    const mark = mine.get(item.id)
    return { ...item, mark: mark?.mark ?? null as ChecklistMark | null, markedAt: secondText(mark?.second) }
  }
  return DOMAINS.map((domain: Domain) => ({ domain, items: checklist.filter((item) => item.domain === domain).map(marked) })).filter((group) => group.items.length > 0)
}

/** "at 3:15" into the consultation; nothing once it was noted after the bell or not at all. */
function secondText(second: number | null | undefined): string | null {
  return typeof second === 'number' ? `at ${formatClock(second)}` : null
}
