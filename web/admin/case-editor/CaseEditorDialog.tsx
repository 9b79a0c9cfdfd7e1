import { useEffect, useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import type { CaseView, CategoryView } from '../../../schemas/content.ts'
import { stationFromOldShape } from '../../../schemas/station/from-old-shape.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { RequiredMark, SelectBox } from '../controls.tsx'
import { Modal } from '../Modal.tsx'
import { CasePreview } from './CasePreview.tsx'
import { CriteriaEditor } from './CriteriaEditor.tsx'
import { EditorField, TwoColumns } from './editor-layout.tsx'
import { TelephoneConsultation } from './TelephoneConsultation.tsx'
import { RecallDates } from './RecallDates.tsx'
import { SectionsEditor } from './SectionsEditor.tsx'
import { StationEditor } from './station/StationEditor.tsx'
import { useCaseEditor } from './useCaseEditor.ts'
import { VisualFindings } from './VisualFindings.tsx'

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
  const [failedSaves, setFailedSaves] = useState(0)

  // After a refused save has rendered its messages: take the admin to the first problem, or to the message
  // about the whole case.
  useEffect(() => {
    if (failedSaves > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-save-error]')?.focus()
  }, [failedSaves])

  const requestClose = () => (editor.dirty ? setConfirmingDiscard(true) : onClose())

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (editor.saving || editor.uploading) return
    if (!(await editor.save())) setFailedSaves((count) => count + 1)
  }

  const categoryOptions = [{ value: '', label: 'Select a category' }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))]

  return (
    <Modal title={editing ? 'Edit Case' : 'Create New Case'} onRequestClose={requestClose} wide>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit case' : 'Create new case'}>
        {editor.saveError && (
          <div tabIndex={-1} data-save-error>
            <Alert tone="error">{editor.saveError}</Alert>
          </div>
        )}
        <EditorField label="Title" value={state.title} onChange={(title) => change({ title })} error={errors.title} required data-autofocus />
        <SelectBox
          label={
            <>
              Category
              <RequiredMark />
            </>
          }
          value={state.categoryId}
          onChange={(categoryId) => change({ categoryId })}
          options={categoryOptions}
          error={errors.category}
          required
        />
        <EditorField
          label="Description"
          hint="The doctor reads this at the start of the station: describe the setting and the task, never the diagnosis to be found."
          rows={3}
          value={state.description}
          onChange={(description) => change({ description })}
          error={errors.description}
        />
        {state.station ? (
          <>
            {!editing?.station && (
              <ShapeChoice>
                <p>Written as a station from the notes, sections and criteria. Check each part, fill in what is missing, then save.</p>
                <Button type="button" $variant="secondary" onClick={() => change({ station: null })}>
                  Back to free text
                </Button>
              </ShapeChoice>
            )}
            <StationEditor station={state.station} onChange={(station) => change({ station })} errors={errors} />
          </>
        ) : (
          <>
            <ShapeChoice>
              <p>
                A case in the exam's shape has the candidate's instructions, a patient script with facts to tick as they are told, and an
                examiner's checklist marked while watching.
              </p>
              <Button type="button" $variant="secondary" onClick={() => change({ station: stationFromOldShape(state) })}>
                Write as a station
              </Button>
            </ShapeChoice>
            <TelephoneConsultation checked={state.telephoneConsultation} onChange={(telephoneConsultation) => change({ telephoneConsultation })} />
            <TwoColumns>
              <EditorField label="Doctor notes" rows={4} value={state.doctorNotes} onChange={(doctorNotes) => change({ doctorNotes })} error={errors.doctorNotes} />
              <EditorField label="Patient notes" rows={4} value={state.patientNotes} onChange={(patientNotes) => change({ patientNotes })} error={errors.patientNotes} />
            </TwoColumns>
            <SectionsEditor role="doctor" sections={state.doctorSections} onChange={(doctorSections) => change({ doctorSections })} errors={errors} />
            <SectionsEditor role="patient" sections={state.patientSections} onChange={(patientSections) => change({ patientSections })} errors={errors} />
            <CriteriaEditor criteria={state.feedbackCriteria} onChange={(feedbackCriteria) => change({ feedbackCriteria })} errors={errors} />
          </>
        )}
        <VisualFindings visual={state} onChange={change} onUploadingChange={editor.setUploading} error={errors.visualData ?? errors.imageUrl} />
        <RecallDates isRecallCase={state.isRecallCase} dates={state.recallDates} onChange={change} />
        <CasePreview state={state} categoryName={categories.find((category) => String(category.id) === state.categoryId)?.name ?? ''} />
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

const ShapeChoice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 0 0 20px;
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  p { margin: 0; flex: 1 1 260px; }
`
