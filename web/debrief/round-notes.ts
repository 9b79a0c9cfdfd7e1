import type { RoundNotes } from '../../schemas/debrief.ts'
import { DOMAINS, type Domain } from '../../schemas/marking.ts'

/** What the debrief says of a station's notes (issue 32): pure, so the component only draws it. */

/** Whether anyone marked the checklist this round: with no examiner, nothing can be said to be missed. */
export const anyMarks = (notes: RoundNotes) => notes.checklist.some((item) => item.marks.length > 0)

/** Whether the patient ticked any fact: if not, untold facts say nothing about what was asked. */
export const anyFactTold = (notes: RoundNotes) => notes.facts.some((fact) => fact.told)

/** The checklist items no examiner marked Done, by domain in the exam's order: what to work on. */
export function missedByDomain(notes: RoundNotes): Array<{ domain: Domain; items: Array<{ item: string; marks: string }> }> {
  return DOMAINS.map((domain) => ({
    domain,
    items: notes.checklist
      .filter((item) => item.domain === domain && !item.marks.some((mark) => mark.mark === 'DONE'))
      .map((item) => ({ item: item.item, marks: item.marks.length === 0 ? 'not marked' : item.marks.map((mark) => `${mark.by}: ${MARK_WORDS[mark.mark]}`).join('; ') })),
  })).filter((group) => group.items.length > 0)
}

const MARK_WORDS = { DONE: 'done', PARTLY: 'partly', NOT_DONE: 'not done' } as const

/** The facts the patient had to be asked for and was not: the questions the doctor missed. */
export const factsNotUncovered = (notes: RoundNotes) => notes.facts.filter((fact) => fact.reveal === 'IF_ASKED' && !fact.told)

/**
 * The examiners who marked, each once (by account, so two with one name stay two), in the order they first appear:
 * the columns of the side-by-side table, named, with a number where names repeat.
 */
export function examinersOf(notes: RoundNotes): Array<{ userId: number; heading: string }> {
  const examiners = new Map<number, string>()
  for (const mark of notes.checklist.flatMap((item) => item.marks)) if (!examiners.has(mark.userId)) examiners.set(mark.userId, mark.by)
  const names = [...examiners.values()]
  return [...examiners].map(([userId, name], index) => ({
    userId,
    heading: names.filter((other) => other === name).length > 1 ? `${name} (${names.slice(0, index + 1).filter((other) => other === name).length})` : name,
  }))
}
