/**
 * The dashboard's feedback by station (issue 17): one consultation is a session's round, scored by the patient
 * and the observer(s). Where two raters of the same station are 2 or more apart on a criterion, a sub-criterion
 * or a domain, it is a disagreement to talk through.
 */
import { criterionValue } from '../../schemas/session/feedback-scores.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'

export interface Station {
  key: string
  items: FeedbackReceivedItem[]
  /** What the raters differ on by DISAGREEMENT_GAP or more (keys of disagreementKey). */
  disagreements: ReadonlySet<string>
}

export const DISAGREEMENT_GAP = 2

/** How a station's raters are ordered side by side: the patient first, then the observers, in the order they gave it. */
const ROLE_ORDER: Record<string, number> = { patient: 0, observer: 1 }

export const disagreementKey = {
  criterion: (criterionId: string) => `criterion:${criterionId}`,
  sub: (criterionId: string, subCriterionId: string) => `sub:${criterionId}/${subCriterionId}`,
  domain: (domain: string) => `domain:${domain}`,
}

/** Stations newest first (the order the list arrives in), each with its raters side by side. */
export function groupByStation(items: readonly FeedbackReceivedItem[]): Station[] {
  const byKey = new Map<string, FeedbackReceivedItem[]>()
  for (const item of items) {
    const key = `${item.sessionId}:${item.roundNumber}`
    byKey.set(key, [...(byKey.get(key) ?? []), item])
  }
  return [...byKey].map(([key, raters]) => {
    const sideBySide = [...raters].sort((a, b) => (ROLE_ORDER[a.fromUserRole] ?? 2) - (ROLE_ORDER[b.fromUserRole] ?? 2) || a.timestamp.localeCompare(b.timestamp))
    return { key, items: sideBySide, disagreements: disagreementsOf(sideBySide) }
  })
}

/** Every score two raters gave the same thing, collected by key, then kept where the spread is wide enough. */
export function disagreementsOf(raters: readonly FeedbackReceivedItem[]): Set<string> {
  const given = new Map<string, number[]>()
  const note = (key: string, score: number | null | undefined) => {
    if (score === null || score === undefined) return
    given.set(key, [...(given.get(key) ?? []), score])
  }
  for (const item of raters) {
    for (const criterion of item.criteriaScores) {
      note(disagreementKey.criterion(criterion.criterionId), criterionValue(criterion))
      for (const sub of criterion.subScores) note(disagreementKey.sub(criterion.criterionId, sub.subCriterionId), sub.score)
    }
    for (const domain of item.domainScores) note(disagreementKey.domain(domain.domain), domain.points)
  }
  const wide = [...given].filter(([, scores]) => scores.length > 1 && Math.max(...scores) - Math.min(...scores) >= DISAGREEMENT_GAP)
  return new Set(wide.map(([key]) => key))
}
