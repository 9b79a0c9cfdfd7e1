import styled from 'styled-components'
import { ChoiceRow } from '../forms/ChoiceRow.tsx'
import { theme } from '../theme.ts'
import { RECORDING_MODES, RECORDING_MODE_TEXT, type RecordingMode } from '../recordings/useRecordingMedia.ts'

/** What a solo station records, said with where it goes: nowhere but this device. */
export function RecordingModeChoice({ mode, onChange }: { mode: RecordingMode; onChange: (mode: RecordingMode) => void }) {
  return (
    <ChoiceRow aria-describedby="recording-mode-hint">
      <legend>Record the consultation</legend>
      {RECORDING_MODES.map((value) => (
        <label key={value}>
          <input type="radio" name="recording-mode" checked={mode === value} onChange={() => onChange(value)} />
          {RECORDING_MODE_TEXT[value]}
        </label>
      ))}
      <Hint id="recording-mode-hint">The recording stays on this device, in this browser: it is never uploaded. You can watch it back, download it or delete it.</Hint>
    </ChoiceRow>
  )
}

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.color.muted};
`
