import * as v from 'valibot'
import type { CriterionView } from '../../schemas/content.ts'
import type { StationProgressView } from '../../schemas/session-wire.ts'
import { SoloTickSchema, type SoloMarks, type SoloSavedMarks, type SoloTick } from '../../schemas/solo/solo-wire.ts'
import { EMPTY_DRAFT, restoredDraft, slotId, toCriteriaScores, type FeedbackDraft } from '../session/room/feedback-form.ts'

/**
 * The candidate's marks of their own solo station while they give them (issue 34): the checklist marks, each with
 * the second of the consultation the recording was at, and the examiner's form. Kept in this browser as they change
 * (sessionStorage, per user and station, as the room's drafts are: a shared computer does not keep them once the tab
 * is closed), so a reload loses nothing before it is saved.
 */
export type Tick = SoloTick

export interface SoloMarksDraft {
  ticks: Tick[]
  form: FeedbackDraft
}

/** The marks as the examiner's own in the room's station notes: one examiner, this candidate. */
export const SELF = 0

export function withTick(draft: SoloMarksDraft, tick: Tick): SoloMarksDraft {
  return { ...draft, ticks: [...draft.ticks.filter((t) => t.itemId !== tick.itemId), tick] }
}

export const progressOfTicks = (ticks: readonly Tick[]): StationProgressView => ({ marks: ticks.map((tick) => ({ userId: SELF, ...tick })), revealedFacts: [] })

export function bodyOf(draft: SoloMarksDraft, criteria: readonly CriterionView[]): SoloMarks {
  return {
    ticks: draft.ticks,
    criteriaScores: toCriteriaScores(criteria, draft.form.scores),
    globalJudgement: draft.form.marking.globalJudgement,
    feedbackAreas: draft.form.marking.feedbackAreas,
    comment: draft.form.comment,
  }
}

/** The saved marks back in the form, for changing them. */
export function draftOfSaved(saved: SoloSavedMarks | null, criteria: readonly CriterionView[]): SoloMarksDraft {
  if (!saved) return { ticks: [], form: EMPTY_DRAFT }
  const scores: Record<string, number> = {}
  for (const criterion of saved.criteriaScores) {
    if (criterion.score !== null) scores[slotId(criterion.criterionId)] = criterion.score
    for (const sub of criterion.subScores) if (sub.score !== null) scores[slotId(criterion.criterionId, sub.subCriterionId)] = sub.score
  }
  const form = restoredDraft({ scores, comment: saved.comment, marking: { globalJudgement: saved.globalJudgement, feedbackAreas: saved.feedbackAreas } }, criteria)
  return { ticks: saved.ticks, form }
}

const KeptTicks = v.array(SoloTickSchema)
const keyFor = (userId: number, id: number) => `plab.soloMarks.${userId}.${id}`

export function keptDraft(userId: number, id: number, criteria: readonly CriterionView[]): SoloMarksDraft | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyFor(userId, id)) ?? 'null') as { ticks?: unknown; form?: unknown } | null
    const ticks = v.safeParse(KeptTicks, kept?.ticks)
    return kept && ticks.success ? { ticks: ticks.output, form: restoredDraft(kept.form, criteria) } : null
  } catch {
    return null
  }
}

export function keepDraft(userId: number, id: number, draft: SoloMarksDraft) {
  try {
    sessionStorage.setItem(keyFor(userId, id), JSON.stringify(draft))
  } catch {
    // Storage full or refused: the form still holds the marks until they are saved.
  }
}

export function forgetDraft(userId: number, id: number) {
  try {
    sessionStorage.removeItem(keyFor(userId, id))
  } catch {
    // nothing kept
  }
}
