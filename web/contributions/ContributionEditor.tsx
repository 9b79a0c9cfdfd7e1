import { useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import type { CategoryView } from '../../schemas/content.ts'
import type { Contribution } from '../../schemas/contributions/contribution-wire.ts'
import { contributionAttribution } from '../../schemas/practice-material.ts'
import { CaseEditorFields } from '../admin/case-editor/CaseEditorFields.tsx'
import { EditorField } from '../admin/case-editor/editor-layout.tsx'
import { useFocusFirstProblem } from '../admin/case-editor/useFocusFirstProblem.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { ShowNameChoice } from './ShowNameChoice.tsx'
import { useContributionEditor } from './useContributionEditor.ts'

interface ContributionEditorProps {
  userId: number
  authorName: string
  /** Null: a new case, created by its first save. */
  contribution: Contribution | null
  categories: CategoryView[]
  onSaved: (saved: Contribution) => void
}

/**
 * A candidate's case in the admin's own editor, in the exam's shape: "Save draft" keeps it as far as it is written,
 * "Submit for review" checks it whole first and takes the author to each field that still needs work.
 */
export function ContributionEditor({ userId, authorName, contribution, categories, onSaved }: ContributionEditorProps) {
  const editor = useContributionEditor(userId, contribution, onSaved)
  const formRef = useRef<HTMLFormElement>(null)
  const refused = useFocusFirstProblem(formRef)
  const [note, setNote] = useState('')
  const held = editor.busy !== null || editor.uploading

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (held) return
    if (!(await editor.submit(note))) refused()
  }
  const save = async () => {
    if (held) return
    if (!(await editor.save())) refused()
  }

  const saveState = editor.busy === 'saving' ? 'Saving…' : editor.dirty ? 'Unsaved changes' : contribution ? 'All changes saved' : 'Not saved yet'
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Your case">
      {editor.restored && <Alert tone="success">The changes you had not saved in this tab are back: save them to keep them.</Alert>}
      {editor.failure && (
        <div tabIndex={-1} data-save-error>
          <Alert tone="error">{editor.failure}</Alert>
        </div>
      )}
      <CaseEditorFields
        state={editor.draft.state}
        change={editor.change}
        errors={editor.errors}
        categories={categories}
        onUploadingChange={editor.setUploading}
        stationOnly
        attribution={contributionAttribution({ showName: editor.draft.showName, authorName })}
      />
      <ShowNameChoice showName={editor.draft.showName} authorName={authorName} onChange={editor.setShowName} />
      <EditorField
        label="Note to the reviewer (optional)"
        hint={contribution?.state === 'CHANGES_REQUESTED' ? 'What you changed since the review.' : 'Anything the reviewer should know, such as where the case comes from.'}
        rows={2}
        value={note}
        onChange={setNote}
      />
      <Footer>
        <SaveState role="status">{saveState}</SaveState>
        <BusyButton type="button" $variant="secondary" busy={editor.busy === 'saving'} onClick={save}>
          {editor.busy === 'saving' ? 'Saving…' : 'Save draft'}
        </BusyButton>
        <BusyButton type="submit" busy={editor.busy === 'submitting'}>
          {editor.busy === 'submitting' ? 'Submitting…' : 'Submit for review'}
        </BusyButton>
      </Footer>
    </form>
  )
}

const Footer = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px 12px;
  padding: 12px 0;
  background: ${theme.color.background};
  border-top: 1px solid ${theme.color.border};
`

const SaveState = styled.p`
  margin: 0 auto 0 0;
  color: ${theme.color.muted};
`
