import { useId, useRef } from 'react'
import { DOMAIN_TEXT, DOMAINS, isDomain } from '../../../../schemas/marking.ts'
import { newStationItemId, type ChecklistItemDraft } from '../../../../schemas/station/from-old-shape.ts'
import type { FieldErrors } from '../../../../schemas/validate.ts'
import { Button } from '../../../components/Button.tsx'
import { ErrorText } from '../../../forms/TextField.tsx'
import { RequiredMark, SelectBox } from '../../controls.tsx'
import { EditorField, Group, Hint, ItemCard, ItemHeader } from '../editor-layout.tsx'
import { moveAt, removeAt, replaceItem } from '../editor-state.ts'
import { focusFirstFieldOfLastItem, ItemControls } from '../ItemControls.tsx'

const DOMAIN_OPTIONS = [{ value: '', label: 'Choose a domain' }, ...DOMAINS.map((domain) => ({ value: domain, label: DOMAIN_TEXT[domain].label }))]
const ERROR_KEY = 'station.checklist'

interface ChecklistEditorProps {
  checklist: ChecklistItemDraft[]
  onChange: (checklist: ChecklistItemDraft[]) => void
  errors: FieldErrors
}

/** The examiner's checklist: what the observer marks Done / Partly / Not done while watching, in the exam's domains. */
export function ChecklistEditor({ checklist, onChange, errors }: ChecklistEditorProps) {
  const headingBase = useId()
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const update = (index: number, change: Partial<ChecklistItemDraft>) => onChange(replaceItem(checklist, index, { ...checklist[index], ...change }))
  const add = () => {
    onChange([...checklist, { id: newStationItemId('item'), domain: '', item: '', good: '' }])
    focusFirstFieldOfLastItem(groupRef.current)
  }
  const remove = (index: number) => {
    onChange(removeAt(checklist, index))
    addRef.current?.focus()
  }
  return (
    <Group ref={groupRef}>
      <legend>Examiner's checklist</legend>
      <Hint>Each item is marked in one of the three domains, and every domain needs at least one. The doctor sees none of it until the round is over.</Hint>
      {errors[ERROR_KEY] && (
        <ErrorText tabIndex={-1} data-save-error>
          {errors[ERROR_KEY]}
        </ErrorText>
      )}
      {checklist.map((item, index) => {
        const name = `Checklist item ${index + 1}`
        const headingId = `${headingBase}-${item.id}`
        const prefix = `${ERROR_KEY}.${index}`
        return (
          <ItemCard key={item.id} role="group" aria-labelledby={headingId}>
            <ItemHeader>
              <h3 id={headingId}>{name}</h3>
              <ItemControls itemLabel={name.toLowerCase()} index={index} count={checklist.length} onMove={(delta) => onChange(moveAt(checklist, index, delta))} onRemove={() => remove(index)} />
            </ItemHeader>
            <EditorField label="What the examiner looks for" value={item.item} onChange={(text) => update(index, { item: text })} error={errors[`${prefix}.item`]} required />
            <SelectBox
              label={
                <>
                  Exam domain
                  <RequiredMark />
                </>
              }
              value={item.domain}
              onChange={(domain) => update(index, { domain: isDomain(domain) ? domain : '' })}
              options={DOMAIN_OPTIONS}
              error={errors[`${prefix}.domain`]}
              required
            />
            <EditorField label="What good looks like" value={item.good ?? ''} onChange={(good) => update(index, { good })} error={errors[`${prefix}.good`]} />
          </ItemCard>
        )
      })}
      <Button ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add checklist item
      </Button>
    </Group>
  )
}
