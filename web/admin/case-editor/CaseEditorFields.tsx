import styled from 'styled-components'
import type { CategoryView } from '../../../schemas/content.ts'
import type { CaseAttribution } from '../../../schemas/practice-material.ts'
import { stationFromOldShape } from '../../../schemas/station/from-old-shape.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { RequiredMark, SelectBox } from '../controls.tsx'
import { CasePreview } from './CasePreview.tsx'
import { CriteriaEditor } from './CriteriaEditor.tsx'
import { EditorField, TwoColumns } from './editor-layout.tsx'
import type { EditorState } from './editor-state.ts'
import { RecallDates } from './RecallDates.tsx'
import { SectionsEditor } from './SectionsEditor.tsx'
import { StationEditor } from './station/StationEditor.tsx'
import { TelephoneConsultation } from './TelephoneConsultation.tsx'
import { VisualFindings } from './VisualFindings.tsx'

interface CaseEditorFieldsProps {
  state: EditorState
  change: (update: Partial<EditorState>) => void
  errors: FieldErrors
  categories: CategoryView[]
  onUploadingChange: (uploading: boolean) => void
  /**
   * A case written in the exam's shape only (a candidate's contribution): no free-text shape to go back to, and
   * findings in words, since only an administrator uploads images. Otherwise the admin's editor, where a case
   * loaded as a station (`savedAsStation`) stays one.
   */
  stationOnly?: boolean
  savedAsStation?: boolean
  /** Whom the case is credited to, for the preview's practice-material line; none: not a contribution. */
  attribution?: CaseAttribution
}

/** The fields of a case, shared by the admin's editor (CaseEditorDialog) and a candidate's contribution. */
export function CaseEditorFields({ state, change, errors, categories, onUploadingChange, stationOnly = false, savedAsStation = false, attribution }: CaseEditorFieldsProps) {
  const categoryOptions = [{ value: '', label: 'Select a category' }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))]
  return (
    <>
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
          {!stationOnly && !savedAsStation && (
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
              A case in the exam's shape has the candidate's instructions, a patient script with facts to tick as they are told, and an examiner's
              checklist marked while watching.
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
      <VisualFindings
        visual={state}
        onChange={change}
        onUploadingChange={onUploadingChange}
        error={errors.visualData ?? errors['visualData.content'] ?? errors.imageUrl}
        wordsOnly={stationOnly}
      />
      <RecallDates isRecallCase={state.isRecallCase} dates={state.recallDates} onChange={change} error={errors.recallDates} />
      <CasePreview state={state} categoryName={categories.find((category) => String(category.id) === state.categoryId)?.name ?? ''} attribution={attribution} />
    </>
  )
}

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
