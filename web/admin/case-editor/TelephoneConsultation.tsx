import { useId } from 'react'
import { Checkbox, Group, Hint } from './editor-layout.tsx'

/** A telephone consultation (issue 29): the room runs the telephone station for this case by itself. */
export function TelephoneConsultation({ checked, onChange }: { checked: boolean; onChange: (telephoneConsultation: boolean) => void }) {
  const hintId = useId()
  return (
    <Group>
      <legend>Station</legend>
      <Checkbox>
        <input type="checkbox" checked={checked} aria-describedby={hintId} onChange={(event) => onChange(event.target.checked)} />
        Telephone consultation
      </Checkbox>
      <Hint id={hintId}>In the room every camera stays off while this case runs, as at a telephone station: the doctor only hears the patient.</Hint>
    </Group>
  )
}
