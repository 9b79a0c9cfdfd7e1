import { useId, useRef } from 'react'
import styled from 'styled-components'
import { newStationItemId } from '../../../../schemas/station/from-old-shape.ts'
import { FACT_REVEALS, type FactReveal, type PatientFact } from '../../../../schemas/station/station.ts'
import type { FieldErrors } from '../../../../schemas/validate.ts'
import { Button } from '../../../components/Button.tsx'
import { ErrorText } from '../../../forms/TextField.tsx'
import { SelectBox } from '../../controls.tsx'
import { EditorField, Hint, ItemCard, ItemHeader } from '../editor-layout.tsx'
import { moveAt, removeAt, replaceItem } from '../editor-state.ts'
import { focusFirstFieldOfLastItem, ItemControls } from '../ItemControls.tsx'

const REVEAL_OPTIONS: Array<{ value: FactReveal; label: string }> = FACT_REVEALS.map((reveal) => ({
  value: reveal,
  label: reveal === 'VOLUNTEER' ? 'Volunteered' : 'Only if asked',
}))

const ERROR_KEY = 'station.patient.facts'

/** The patient's facts: each one a line the patient ticks in the room when they tell it. */
export function FactsEditor({ facts, onChange, errors }: { facts: PatientFact[]; onChange: (facts: PatientFact[]) => void; errors: FieldErrors }) {
  const headingBase = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const update = (index: number, change: Partial<PatientFact>) => onChange(replaceItem(facts, index, { ...facts[index], ...change }))
  const add = () => {
    onChange([...facts, { id: newStationItemId('fact'), text: '', reveal: 'VOLUNTEER' }])
    focusFirstFieldOfLastItem(listRef.current)
  }
  const remove = (index: number) => {
    onChange(removeAt(facts, index))
    addRef.current?.focus()
  }
  return (
    <>
      <FactsHeading>Facts</FactsHeading>
      <Hint>One fact each. The patient sees them as a checklist to tick as they tell them; "only if asked" facts are marked as such.</Hint>
      {errors[ERROR_KEY] && (
        <ErrorText tabIndex={-1} data-save-error>
          {errors[ERROR_KEY]}
        </ErrorText>
      )}
      <div ref={listRef}>
        {facts.map((fact, index) => {
          const name = `Fact ${index + 1}`
          const headingId = `${headingBase}-${fact.id}`
          return (
            <ItemCard key={fact.id} role="group" aria-labelledby={headingId}>
              <ItemHeader>
                <h4 id={headingId}>{name}</h4>
                <ItemControls itemLabel={name.toLowerCase()} index={index} count={facts.length} onMove={(delta) => onChange(moveAt(facts, index, delta))} onRemove={() => remove(index)} />
              </ItemHeader>
              <EditorField label="What the patient says" rows={2} value={fact.text} onChange={(text) => update(index, { text })} error={errors[`${ERROR_KEY}.${index}.text`]} required />
              <SelectBox label="When" value={fact.reveal} onChange={(reveal) => update(index, { reveal: reveal as FactReveal })} options={REVEAL_OPTIONS} error={errors[`${ERROR_KEY}.${index}.reveal`]} />
            </ItemCard>
          )
        })}
      </div>
      <Button ref={addRef} type="button" $variant="secondary" onClick={add}>
        Add fact
      </Button>
    </>
  )
}

const FactsHeading = styled.h3`
  margin: 8px 0;
  font-size: 1rem;
`
