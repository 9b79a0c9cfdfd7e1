import { useId, useRef, useState } from 'react'
import type { CriterionView } from '../../../schemas/content.ts'
import { MAX_SCORE, MIN_SCORE } from '../../../schemas/session/feedback-scores.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { Button } from '../../components/Button.tsx'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Checkbox, EditorField, Group, Hint, ItemCard, ItemHeader } from './editor-layout.tsx'
import { focusFirstFieldOfLastItem, ItemControls } from './ItemControls.tsx'
import { moveItem, newCriterion, removeItem, replaceItem } from './editor-state.ts'
import { SubCriteriaEditor } from './SubCriteriaEditor.tsx'
import { DomainSelect } from './DomainSelect.tsx'

interface CriteriaEditorProps {
  criteria: CriterionView[]
  onChange: (criteria: CriterionView[]) => void
  errors: FieldErrors
}

/** The mark scheme peers score against: criteria in order, each scored directly or through its sub-criteria. */
export function CriteriaEditor({ criteria, onChange, errors }: CriteriaEditorProps) {
  const headingBase = useId()
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const [clearingIndex, setClearingIndex] = useState<number | null>(null)

  const update = (index: number, change: Partial<CriterionView>) => onChange(replaceItem(criteria, index, { ...criteria[index], ...change }))
  const remove = (index: number) => {
    onChange(removeItem(criteria, index))
    addRef.current?.focus()
  }
  const add = () => {
    onChange([...criteria, newCriterion(criteria.length)])
    focusFirstFieldOfLastItem(groupRef.current)
  }

  // Turning sub-criteria off clears them (SPEC.md section 2); written ones are not thrown away without asking.
  const toggleSubCriteria = (index: number, on: boolean) => {
    if (on) return update(index, { hasSubCriteria: true })
    if (criteria[index].subCriteria.length > 0) return setClearingIndex(index)
    update(index, { hasSubCriteria: false, subCriteria: [] })
  }

  return (
    <Group ref={groupRef}>
      <legend>Feedback criteria</legend>
      {criteria.length === 0 && <Hint>No criteria yet. Peers score each criterion from {MIN_SCORE} to {MAX_SCORE}.</Hint>}
      {criteria.map((criterion, index) => {
        const itemName = `Criterion ${index + 1}`
        const headingId = `${headingBase}-${criterion.id}`
        const prefix = `feedbackCriteria.${index}`
        return (
          <ItemCard key={criterion.id} role="group" aria-labelledby={headingId}>
            <ItemHeader>
              <h3 id={headingId}>{itemName}</h3>
              <ItemControls
                itemLabel={itemName.toLowerCase()}
                index={index}
                count={criteria.length}
                onMove={(delta) => onChange(moveItem(criteria, index, delta))}
                onRemove={() => remove(index)}
              />
            </ItemHeader>
            <EditorField label="Criterion name" value={criterion.name} onChange={(name) => update(index, { name })} error={errors[`${prefix}.name`]} required />
            <DomainSelect value={criterion.domain} onChange={(domain) => update(index, { domain })} error={errors[`${prefix}.domain`]} />
            <Checkbox>
              <input type="checkbox" checked={criterion.hasSubCriteria} onChange={(event) => toggleSubCriteria(index, event.target.checked)} />
              Has sub-criteria
            </Checkbox>
            {criterion.hasSubCriteria && (
              <SubCriteriaEditor
                criterionLabel={itemName}
                subCriteria={criterion.subCriteria}
                onChange={(subCriteria) => update(index, { subCriteria })}
                errors={errors}
                errorPrefix={`${prefix}.subCriteria`}
              />
            )}
          </ItemCard>
        )
      })}
      <Button ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add Criterion
      </Button>
      {clearingIndex !== null && (
        <ConfirmDialog
          title="Remove sub-criteria?"
          confirmLabel="Remove Sub-criteria"
          danger
          onCancel={() => setClearingIndex(null)}
          onConfirm={() => {
            update(clearingIndex, { hasSubCriteria: false, subCriteria: [] })
            setClearingIndex(null)
          }}
        >
          Turning off sub-criteria removes the {criteria[clearingIndex].subCriteria.length} sub-criteria of criterion {clearingIndex + 1}.
        </ConfirmDialog>
      )}
    </Group>
  )
}
