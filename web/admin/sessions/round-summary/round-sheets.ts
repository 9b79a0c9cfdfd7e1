import type { RoundFeedback, RoundSummary } from '../../../../schemas/api/admin-sessions.ts'
import { roleLabel } from '../../../../schemas/labels.ts'
import { formatClock } from '../../../session/room/timer.ts'
import type { NamedCriterion, Sheet } from '../../../debrief/DebriefScores.tsx'

/**
 * A round's summary (issue 37) in the debrief's shapes, so the printed page shows marks exactly as the doctor's
 * debrief does: one score sheet per feedback, and the mark scheme as the feedback given names it (the round's
 * case may have been edited or deleted since; the scores keep the names they were given under).
 */

/** One sheet per feedback, headed by who gave it (a second one by the same person, rare, by its time too). */
export function sheetsOf(feedback: readonly RoundFeedback[], time: (iso: string) => string): Sheet[] {
  const headings = feedback.map((given) => `${given.from.name} (${roleLabel(given.from.role)})`)
  return feedback.map((given, index) => ({
    heading: headings.indexOf(headings[index]) === index ? headings[index] : `${headings[index]}, ${time(given.at)}`,
    scores: given,
    marks: given,
  }))
}

/** Every criterion any feedback scored, in the mark scheme's order (each feedback keeps it), each sub-criterion once. */
export function criteriaOf(feedback: readonly RoundFeedback[]): NamedCriterion[] {
  const criteria = new Map<string, NamedCriterion>()
  for (const { criteriaScores } of feedback) {
    for (const score of criteriaScores) {
      const criterion = criteria.get(score.criterionId) ?? { id: score.criterionId, name: score.criterionName, subCriteria: [] }
      for (const sub of score.subScores) {
        if (!criterion.subCriteria.some((known) => known.id === sub.subCriterionId)) criterion.subCriteria.push({ id: sub.subCriterionId, name: sub.subCriterionName })
      }
      criteria.set(score.criterionId, criterion)
    }
  }
  return [...criteria.values()]
}

type RoundPhase = RoundSummary['phases'][number]

/** How long a phase ran, as the room's clock writes it ("3:00"); null while it runs. */
export function lastedWords(phase: RoundPhase): string | null {
  return phase.endedAt === null ? null : formatClock((Date.parse(phase.endedAt) - Date.parse(phase.startedAt)) / 1000)
}
