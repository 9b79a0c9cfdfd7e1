/**
 * The feedback form's draft, kept in sessionStorage per session so that a reload, or a phone discarding the tab
 * while it was in the background, does not wipe scores given during the consultation. sessionStorage, not
 * localStorage: it ends with the tab, so a shared computer does not keep one doctor's scores for the next user.
 */
import type { FeedbackDraft } from '../../../schemas/session-room/feedback-form.ts'

export interface KeptDraft {
  /** draftOwner() of the form it belongs to: case, round and reading phase. */
  owner: string
  draft: unknown
}

const keyFor = (code: string) => `plab.feedbackDraft.${code}`

export function loadDraft(code: string): KeptDraft | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyFor(code)) ?? 'null') as Partial<KeptDraft> | null
    return kept && typeof kept.owner === 'string' ? { owner: kept.owner, draft: kept.draft } : null
  } catch {
    return null
  }
}

export function saveDraft(code: string, owner: string, draft: FeedbackDraft) {
  quietly(() => sessionStorage.setItem(keyFor(code), JSON.stringify({ owner, draft })))
}

export function clearDraft(code: string) {
  quietly(() => sessionStorage.removeItem(keyFor(code)))
}

/** Storage may be full or refused (some private modes): the form then works as before, without the safety net. */
function quietly(write: () => void) {
  try {
    write()
  } catch {
    // nothing kept; nothing lost that the form does not still hold
  }
}
