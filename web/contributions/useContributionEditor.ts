import { useEffect, useMemo, useState } from 'react'
import type { Contribution } from '../../schemas/contributions/contribution-wire.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import type { EditorState } from '../admin/case-editor/editor-state.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { contributionsApi } from '../api/contributions.ts'
import {
  draftOfContent,
  forgetDraft,
  keepDraft,
  keptDraft,
  newContributionDraft,
  sameDraft,
  saveBodyOf,
  submissionErrors,
  type ContributionDraft,
} from './contribution-draft.ts'

/**
 * A contribution being written: saved as a draft whenever the author likes (nothing is checked but sizes), and
 * checked whole on submission with the server's own rules, each problem shown under its field from then on and
 * following every edit. Unsaved edits are kept in the tab (contribution-draft.ts).
 */
export function useContributionEditor(userId: number, contribution: Contribution | null, onSaved: (saved: Contribution) => void) {
  const storageId = contribution?.id ?? 'new'
  const [saved, setSaved] = useState(() => (contribution ? draftOfContent(contribution.content, contribution.showName) : newContributionDraft()))
  const [kept] = useState(() => keptDraft(userId, storageId))
  const [draft, setDraft] = useState<ContributionDraft>(kept ?? saved)
  const [restored] = useState(() => kept !== null && !sameDraft(kept, saved))
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState<'saving' | 'submitting' | null>(null)
  const [uploading, setUploading] = useState(false)

  const dirty = !sameDraft(draft, saved)
  const clientErrors = useMemo(() => submissionErrors(draft.state, Date.now()), [draft.state])
  const errors = attempted ? { ...serverErrors, ...clientErrors } : serverErrors

  useEffect(() => {
    if (dirty) keepDraft(userId, storageId, draft)
    else forgetDraft(userId, storageId)
  }, [dirty, draft, userId, storageId])

  const change = (update: Partial<EditorState>) => {
    setDraft((previous) => ({ ...previous, state: { ...previous.state, ...update } }))
    // The server's messages describe what was sent; after an edit the shared check's live messages take over.
    setServerErrors((previous) => (Object.keys(previous).length ? {} : previous))
  }
  const setShowName = (showName: boolean) => setDraft((previous) => ({ ...previous, showName }))

  /** Saves what is typed; a new contribution is created by its first save, and the page hears of it at once. */
  async function store(): Promise<Contribution> {
    const sent = draft
    const body = saveBodyOf(sent)
    const stored = contribution ? await contributionsApi.save(contribution.id, body) : await contributionsApi.create(body)
    setSaved(sent)
    if (!contribution) forgetDraft(userId, 'new')
    onSaved(stored)
    return stored
  }

  async function run(kind: 'saving' | 'submitting', work: () => Promise<unknown>, fallback: string): Promise<boolean> {
    setBusy(kind)
    setFailure(null)
    try {
      await work()
      return true
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors) setServerErrors(editorKeys(error.validationErrors))
      setFailure(errorMessage(error, fallback))
      return false
    } finally {
      setBusy(null)
    }
  }

  const save = () => run('saving', store, 'The draft could not be saved. Please try again.')

  /** Resolves false when something needs the author's attention (shown in the form). */
  async function submit(note: string): Promise<boolean> {
    setAttempted(true)
    setFailure(null)
    if (Object.keys(clientErrors).length > 0) return false
    return run(
      'submitting',
      async () => {
        const stored = dirty || !contribution ? await store() : contribution
        onSaved(await contributionsApi.submit(stored.id, note))
      },
      'The case could not be submitted. Please try again.',
    )
  }

  // Shown until what came back is saved.
  return { draft, change, setShowName, errors, dirty, restored: restored && dirty, save, submit, busy, failure, uploading, setUploading }
}

/** A saved draft's messages name its fields inside the body ("content.title"); the editor's fields are the case's own. */
const editorKeys = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^content\./, ''), message]))
