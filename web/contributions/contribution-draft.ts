import * as v from 'valibot'
import { checkSubmission, ContributionContentSchema, latestDateAt, type ContributionContent, type ContributionSave } from '../../schemas/contributions/contribution-body.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import { emptyEditorState, type EditorState } from '../admin/case-editor/editor-state.ts'
import { emptyStationDraft } from '../../schemas/station/from-old-shape.ts'

/**
 * A contribution in the case editor (web/admin/case-editor/): always a station, findings in words. What the
 * author types is kept in this tab (sessionStorage, per account and contribution) until it is saved, so a reload
 * or a phone discarding the tab loses nothing.
 */

export interface ContributionDraft {
  state: EditorState
  showName: boolean
}

/** A new contribution: a station to fill in, the author's name shown unless they choose otherwise. */
export const newContributionDraft = (): ContributionDraft => ({ state: { ...emptyEditorState(), station: emptyStationDraft() }, showName: true })

export function draftOfContent(content: ContributionContent, showName: boolean): ContributionDraft {
  return {
    state: {
      ...emptyEditorState(),
      title: content.title,
      description: content.description,
      categoryId: content.category ? String(content.category.id) : '',
      visualText: content.visualData?.content ?? '',
      isRecallCase: content.isRecallCase,
      recallDates: [...content.recallDates].sort(),
      station: content.station,
    },
    showName,
  }
}

export function contentOf(state: EditorState): ContributionContent {
  const findings = state.visualText.trim()
  return {
    title: state.title,
    description: state.description,
    category: state.categoryId ? { id: Number(state.categoryId) } : null,
    station: state.station ?? emptyStationDraft(),
    visualData: findings ? { type: 'text', content: findings } : null,
    isRecallCase: state.isRecallCase,
    recallDates: state.isRecallCase ? state.recallDates : [],
  }
}

export const saveBodyOf = (draft: ContributionDraft): ContributionSave => ({ content: contentOf(draft.state), showName: draft.showName })

/** What submitting would refuse, by field, as the server's own check says it (schemas/contributions/contribution-body.ts). */
export function submissionErrors(state: EditorState, now: number): FieldErrors {
  const checked = checkSubmission(contentOf(state), latestDateAt(now))
  return checked.ok ? {} : checked.errors
}

/** Two drafts hold the same case and choice (what the server has, and what is typed). */
export const sameDraft = (a: ContributionDraft, b: ContributionDraft) => JSON.stringify(saveBodyOf(a)) === JSON.stringify(saveBodyOf(b))

const keyFor = (userId: number, id: number | 'new') => `plab.contribution.${userId}.${id}`
const Kept = v.object({ content: ContributionContentSchema, showName: v.boolean() })

export function keptDraft(userId: number, id: number | 'new'): ContributionDraft | null {
  try {
    const kept = v.safeParse(Kept, JSON.parse(sessionStorage.getItem(keyFor(userId, id)) ?? 'null'))
    return kept.success ? draftOfContent(kept.output.content, kept.output.showName) : null
  } catch {
    return null
  }
}

export function keepDraft(userId: number, id: number | 'new', draft: ContributionDraft) {
  try {
    sessionStorage.setItem(keyFor(userId, id), JSON.stringify(saveBodyOf(draft)))
  } catch {
    // Storage full or refused: the form still holds what was typed until it is saved.
  }
}

export function forgetDraft(userId: number, id: number | 'new') {
  try {
    sessionStorage.removeItem(keyFor(userId, id))
  } catch {
    // nothing kept
  }
}
