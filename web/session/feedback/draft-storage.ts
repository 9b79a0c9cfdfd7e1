/**
 * The feedback form's draft, kept in sessionStorage per user and session so that a reload, or a phone discarding
 * the tab while it was in the background, does not wipe scores given during the consultation. sessionStorage,
 * not localStorage: it ends with the tab, so a shared computer does not keep one doctor's scores for long, and
 * the user id in the key keeps them from whoever signs in next in the same tab.
 */
import type { FeedbackDraft } from '../room/feedback-form.ts'

export interface KeptDraft {
  /** draftCase() of the form it belongs to: case and round. */
  forCase: string
  draft: unknown
}

const keyFor = (userId: number, code: string) => `plab.feedbackDraft.${userId}.${code}`

export function loadDraft(userId: number, code: string): KeptDraft | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyFor(userId, code)) ?? 'null') as Partial<KeptDraft> | null
    return kept && typeof kept.forCase === 'string' ? { forCase: kept.forCase, draft: kept.draft } : null
  } catch {
    return null
  }
}

export function saveDraft(userId: number, code: string, forCase: string, draft: FeedbackDraft) {
  quietly(() => sessionStorage.setItem(keyFor(userId, code), JSON.stringify({ forCase, draft })))
}

export function clearDraft(userId: number, code: string) {
  quietly(() => sessionStorage.removeItem(keyFor(userId, code)))
}

/** Storage may be full or refused (some private modes): the form then works as before, without the safety net. */
export function quietly(write: () => void) {
  try {
    write()
  } catch {
    // nothing kept; nothing lost that the form does not still hold
  }
}
