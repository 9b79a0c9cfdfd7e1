import styled from 'styled-components'
import type { EditorState } from './editor-state.ts'
import { EditorField, Group, Hint } from './editor-layout.tsx'
import { ImageUpload } from './ImageUpload.tsx'

type Visual = Pick<EditorState, 'visualType' | 'visualText' | 'visualImageUrl'>

interface VisualFindingsProps {
  visual: Visual
  onChange: (change: Partial<Visual>) => void
  onUploadingChange: (uploading: boolean) => void
  error?: string
  /** A candidate's contribution: only an administrator uploads images, once the case is approved. */
  wordsOnly?: boolean
}

/** Examination findings the doctor is shown: a written description or an image. Leave empty for none. */
export function VisualFindings({ visual, onChange, onUploadingChange, error, wordsOnly = false }: VisualFindingsProps) {
  if (wordsOnly) {
    return (
      <Group>
        <legend>Visual findings</legend>
        <Hint>
          Shown to the doctor during the consultation. Describe them in words; leave empty for none. If the station needs an image (a rash, an
          ECG), say so in the description of the findings: an administrator adds images once the case is approved.
        </Hint>
        <EditorField label="Findings text" rows={3} value={visual.visualText} onChange={(visualText) => onChange({ visualText })} error={error} />
      </Group>
    )
  }
  return (
    <Group>
      <legend>Visual findings</legend>
      <Hint>Shown to the doctor during the consultation, as text or as an image. Leave empty for none.</Hint>
      <Choices role="radiogroup" aria-label="Findings type">
        {(['text', 'image'] as const).map((type) => (
          <label key={type}>
            <input type="radio" name="visual-type" value={type} checked={visual.visualType === type} onChange={() => onChange({ visualType: type })} />
            {type === 'text' ? 'Text' : 'Image'}
          </label>
        ))}
      </Choices>
      {visual.visualType === 'text' ? (
        <EditorField label="Findings text" rows={3} value={visual.visualText} onChange={(visualText) => onChange({ visualText })} error={error} />
      ) : (
        <ImageUpload url={visual.visualImageUrl} onChange={(visualImageUrl) => onChange({ visualImageUrl })} onUploadingChange={onUploadingChange} error={error} />
      )}
    </Group>
  )
}

const Choices = styled.div`
  display: flex;
  gap: 20px;
  margin-bottom: 12px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    font-weight: 600;
    cursor: pointer;
  }
  input { width: 18px; height: 18px; }
`
