import { useRef } from 'react'
import styled from 'styled-components'
import type { SubCriterionView } from '../../../schemas/content.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { theme } from '../../theme.ts'
import { SmallButton } from '../controls.tsx'
import { EditorField } from './editor-layout.tsx'
import { focusFirstFieldOfLastItem, ItemControls } from './ItemControls.tsx'
import { moveItem, newSubCriterion, removeItem, replaceItem } from './editor-state.ts'

interface SubCriteriaEditorProps {
  criterionLabel: string
  subCriteria: SubCriterionView[]
  onChange: (subCriteria: SubCriterionView[]) => void
  errors: FieldErrors
  /** "feedbackCriteria.2.subCriteria": where this list's messages are keyed. */
  errorPrefix: string
}

/** A criterion's sub-criteria: scored one by one, the criterion's score is their average. */
export function SubCriteriaEditor({ criterionLabel, subCriteria, onChange, errors, errorPrefix }: SubCriteriaEditorProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)

  const remove = (index: number) => {
    onChange(removeItem(subCriteria, index))
    addRef.current?.focus()
  }
  const add = () => {
    onChange([...subCriteria, newSubCriterion(subCriteria.length)])
    focusFirstFieldOfLastItem(listRef.current)
  }

  return (
    <List ref={listRef} role="group" aria-label={`Sub-criteria of ${criterionLabel.toLowerCase()}`}>
      {subCriteria.map((sub, index) => {
        const itemName = `Sub-criterion ${index + 1}`
        return (
          <Row key={sub.id} role="group" aria-label={`${itemName} of ${criterionLabel.toLowerCase()}`}>
            <Grow>
              <EditorField
                label={itemName}
                value={sub.name}
                onChange={(name) => onChange(replaceItem(subCriteria, index, { ...sub, name }))}
                error={errors[`${errorPrefix}.${index}.name`]}
                required
              />
            </Grow>
            <ItemControls
              itemLabel={`${itemName.toLowerCase()} of ${criterionLabel.toLowerCase()}`}
              index={index}
              count={subCriteria.length}
              onMove={(delta) => onChange(moveItem(subCriteria, index, delta))}
              onRemove={() => remove(index)}
            />
          </Row>
        )
      })}
      <SmallButton ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add Sub-criterion
      </SmallButton>
    </List>
  )
}

const List = styled.div`
  margin: 4px 0 0 8px;
  padding-left: 12px;
  border-left: 2px dashed ${theme.color.border};
`

/** The moves line up with the input; on a phone they go under it, leaving the name the whole width. */
const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  > div:last-child { margin-top: 30px; }
  @media (max-width: 480px) {
    flex-wrap: wrap;
    > div:last-child { margin: -8px 0 16px; }
  }
`

const Grow = styled.div`
  flex: 1 1 0;
  min-width: 0;
  @media (max-width: 480px) {
    flex-basis: 100%;
  }
`
