import { useEffect, useMemo, useState } from 'react'
import { CaseBody, type CaseView } from '../../../schemas/content.ts'
import { validate, type FieldErrors } from '../../../schemas/validate.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { saveCase } from '../../api/content.ts'
import { unassignedDomainErrors } from './DomainSelect.tsx'
import { draftFrom, editorStateFrom, emptyEditorState, type EditorState } from './editor-state.ts'

/**
 * The case editor's state and save. Fields are checked by the shared CaseBody schema, the same one the server
 * applies, so messages are keyed like the body ("feedbackCriteria.1.name") and each field finds its own.
 * Messages appear after the first Save and then follow every edit.
 */
export function useCaseEditor(editing: CaseView | null, onSaved: (saved: CaseView) => void) {
  const [initial] = useState(() => (editing ? editorStateFrom(editing) : emptyEditorState()))
  const [state, setState] = useState<EditorState>(initial)
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)

  const dirty = useMemo(() => JSON.stringify(state) !== JSON.stringify(initial), [state, initial])
  const savedCriterionIds = useMemo(() => new Set(editing?.feedbackCriteria.map((criterion) => criterion.id)), [editing])
  const clientErrors = useMemo(() => {
    const result = validate(CaseBody, draftFrom(state))
    // A station's checklist has its domains checked by the schema; the criteria are only edited as free text.
    const domainErrors = state.station ? {} : unassignedDomainErrors(state.feedbackCriteria, savedCriterionIds)
    return { ...domainErrors, ...(result.ok ? {} : result.errors) }
  }, [state, savedCriterionIds])
  const errors = attempted ? { ...serverErrors, ...clientErrors } : serverErrors

  // Closing the tab or reloading would lose the same work that the close button asks about.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const change = (update: Partial<EditorState>) => {
    setState((previous) => ({ ...previous, ...update }))
    // The server's field messages describe what was sent; after an edit the schema's live messages take over.
    setServerErrors((previous) => (Object.keys(previous).length ? {} : previous))
  }

  /** Resolves true when saved; false when something needs the admin's attention (shown in the form). */
  const save = async (): Promise<boolean> => {
    setAttempted(true)
    setSaveError(null)
    if (Object.keys(clientErrors).length > 0) return false
    setSaving(true)
    try {
      onSaved(await saveCase(draftFrom(state), editing?.id))
      return true
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) setServerErrors(failure.validationErrors)
      setSaveError(errorMessage(failure, 'Failed to save case. Please try again.'))
      return false
    } finally {
      setSaving(false)
    }
  }

  return { state, change, errors, dirty, save, saving, saveError, uploading, setUploading }
}
