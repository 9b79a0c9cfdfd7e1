import { useState } from 'react'
import styled from 'styled-components'
import { imageSource, type Findings } from './room/case-content.ts'
import { API_BASE } from '../api/client.ts'
import { Button } from '../components/Button.tsx'
import { FormattedCaseText } from '../components/case-text/FormattedCaseText.tsx'
import { Dialog } from './Dialog.tsx'

/**
 * The Examination Findings modal, named like the button that opens it
 * (docs/decisions/0107-small-fixes-issue-29.md): text or an image, with the spec's fallbacks.
 */
export function FindingsDialog({ findings, open, onClose }: { findings: Findings | null; open: boolean; onClose: () => void }) {
  const [broken, setBroken] = useState(false)
  const isImage = findings?.kind === 'image'
  const content = findings?.content.trim() ?? ''
  return (
    <Dialog
      open={open}
      title="Examination Findings"
      onClose={onClose}
      actions={
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      }
    >
      {!content ? (
        <p>No content available</p>
      ) : isImage ? (
        broken ? (
          <p role="alert">Image could not be loaded</p>
        ) : (
          <Picture src={imageSource(content, API_BASE)} alt="Examination findings" onError={() => setBroken(true)} />
        )
      ) : (
        <FormattedCaseText text={content} />
      )}
    </Dialog>
  )
}

const Picture = styled.img`
  display: block;
  max-width: 100%;
  max-height: 60vh;
  margin: 0 auto;
`
