import * as v from 'valibot'
import { CaseRatingFields, PROBLEM_KINDS, type CaseFeedbackSource, type ProblemKind } from '../../schemas/case-feedback.ts'
import { validate, type FieldErrors } from '../../schemas/validate.ts'
import { quietly } from '../session/feedback/draft-storage.ts'

/**
 * The rating and problem-report forms after a station (issue 35). The report's words are kept in this browser as
 * they are typed (sessionStorage, per user and station, as the room's drafts are: gone with the tab, so a shared
 * computer does not keep them), so a reload before Send loses nothing.
 */

export interface RatingChoice {
  realism: number | null
  difficulty: number | null
}

/** As the form holds it: text fields, the kind '' until one is chosen. */
export interface ReportDraft {
  kind: ProblemKind | ''
  details: string
}

export const EMPTY_REPORT: ReportDraft = { kind: '', details: '' }

const RatingForm = v.object(CaseRatingFields)

/** What is missing or wrong in the rating, by field, in the server's own words; empty when it may be saved. */
export function ratingProblems(choice: RatingChoice): FieldErrors {
  // A choice not made yet is absent, so the field's own "please choose" message is the one shown.
  const given = Object.fromEntries(Object.entries(choice).filter(([, value]) => value !== null))
  const result = validate(RatingForm, given)
  return result.ok ? {} : result.errors
}

/** One key per station: a session's round, or a solo station. */
export const sourceKey = (source: CaseFeedbackSource): string =>
  'soloStationId' in source ? `solo-${source.soloStationId}` : `${source.sessionCode}-${source.round}`

const keyFor = (userId: number, source: CaseFeedbackSource) => `plab.caseReport.${userId}.${sourceKey(source)}`

export function keptReport(userId: number, source: CaseFeedbackSource): ReportDraft {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyFor(userId, source)) ?? 'null') as { kind?: unknown; details?: unknown } | null
    if (!kept) return EMPTY_REPORT
    const kind = PROBLEM_KINDS.find((known) => known === kept.kind) ?? ''
    return { kind, details: typeof kept.details === 'string' ? kept.details : '' }
  } catch {
    return EMPTY_REPORT
  }
}

export function keepReport(userId: number, source: CaseFeedbackSource, draft: Record<string, string>) {
  quietly(() => sessionStorage.setItem(keyFor(userId, source), JSON.stringify({ kind: draft.kind ?? '', details: draft.details ?? '' })))
}

export function forgetReport(userId: number, source: CaseFeedbackSource) {
  quietly(() => sessionStorage.removeItem(keyFor(userId, source)))
}
