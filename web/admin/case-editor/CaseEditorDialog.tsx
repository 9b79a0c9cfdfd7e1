import { useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import type { CaseView, CategoryView } from '../../../schemas/content.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Modal } from '../Modal.tsx'
import { CaseEditorFields } from './CaseEditorFields.tsx'
import { useCaseEditor } from './useCaseEditor.ts'
import { useFocusFirstProblem } from './useFocusFirstProblem.ts'

interface CaseEditorDialogProps {
  /** The case to edit, or null to create one. */
  editing: CaseView | null
  categories: CategoryView[]
  onSaved: (saved: CaseView) => void
  onClose: () => void
}

/** 'Create New Case' / 'Edit Case' (SPEC.md section 2). Closing with unsaved changes asks first. */
export function CaseEditorDialog({ editing, categories, onSaved, onClose }: CaseEditorDialogProps) {
  const editor = useCaseEditor(editing, onSaved)
  const { state, change, errors } = editor
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const refused = useFocusFirstProblem(formRef)

  const requestClose = () => (editor.dirty ? setConfirmingDiscard(true) : onClose())

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (editor.saving || editor.uploading) return
    if (!(await editor.save())) refused()
  }

  return (
    <Modal title={editing ? 'Edit Case' : 'Create New Case'} onRequestClose={requestClose} wide>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit case' : 'Create new case'}>
        {editor.saveError && (
          <div tabIndex={-1} data-save-error>
            <Alert tone="error">{editor.saveError}</Alert>
          </div>
        )}
        <CaseEditorFields state={state} change={change} errors={errors} categories={categories} onUploadingChange={editor.setUploading} savedAsStation={Boolean(editing?.station)} attribution={editing ?? undefined} />
        <Footer>
          <Button type="button" $variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={editor.saving || editor.uploading}>
            {editor.saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Case'}
          </Button>
        </Footer>
      </form>
      {confirmingDiscard && (
        <ConfirmDialog title="Discard unsaved changes?" confirmLabel="Discard" danger onCancel={() => setConfirmingDiscard(false)} onConfirm={onClose}>
          Your changes to this case have not been saved.
        </ConfirmDialog>
      )}
    </Modal>
  )
}

const Footer = styled.div`
  position: sticky;
  bottom: -24px;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  margin: 0 -24px -24px;
  padding: 12px 24px;
  background: ${theme.color.surface};
  border-top: 1px solid ${theme.color.border};
  @media (max-width: 400px) {
    bottom: -16px;
    margin: 0 -12px -16px;
    padding: 12px;
  }
`
