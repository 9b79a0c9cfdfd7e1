import { useId, useRef } from 'react'
import type { SectionView } from '../../../schemas/content.ts'
import { roleLabel } from '../../../schemas/labels.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { Button } from '../../components/Button.tsx'
import { EditorField, Group, Hint, ItemCard, ItemHeader } from './editor-layout.tsx'
import { focusFirstFieldOfLastItem, ItemControls } from './ItemControls.tsx'
import { moveItem, newSection, removeItem, replaceItem } from './editor-state.ts'

interface SectionsEditorProps {
  role: 'doctor' | 'patient'
  sections: SectionView[]
  onChange: (sections: SectionView[]) => void
  /** Messages keyed like the request body ("doctorSections.1.title"). */
  errors: FieldErrors
}

/** The scripted sections one role reads (history, examination, ...), in the order they are shown. */
export function SectionsEditor({ role, sections, onChange, errors }: SectionsEditorProps) {
  const roleName = roleLabel(role)
  const field = `${role}Sections`
  const headingBase = useId()
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)

  const update = (index: number, change: Partial<SectionView>) => onChange(replaceItem(sections, index, { ...sections[index], ...change }))
  const remove = (index: number) => {
    onChange(removeItem(sections, index))
    addRef.current?.focus()
  }
  const add = () => {
    onChange([...sections, newSection(sections.length)])
    focusFirstFieldOfLastItem(groupRef.current)
  }

  return (
    <Group ref={groupRef}>
      <legend>{roleName} sections</legend>
      {sections.length === 0 && <Hint>No {role} sections yet.</Hint>}
      {sections.map((section, index) => {
        const itemName = `${roleName} section ${index + 1}`
        const headingId = `${headingBase}-${section.id}`
        return (
          <ItemCard key={section.id} role="group" aria-labelledby={headingId}>
            <ItemHeader>
              <h3 id={headingId}>{itemName}</h3>
              <ItemControls
                itemLabel={itemName.toLowerCase()}
                index={index}
                count={sections.length}
                onMove={(delta) => onChange(moveItem(sections, index, delta))}
                onRemove={() => remove(index)}
              />
            </ItemHeader>
            <EditorField label="Section title" value={section.title} onChange={(title) => update(index, { title })} error={errors[`${field}.${index}.title`]} />
            <EditorField label="Section content" rows={4} value={section.content} onChange={(content) => update(index, { content })} error={errors[`${field}.${index}.content`]} />
          </ItemCard>
        )
      })}
      <Button ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add {roleName} Section
      </Button>
    </Group>
  )
}
