import styled from 'styled-components'
import { theme } from '../theme.ts'
import { formatLength } from './recording-format.ts'

/**
 * The red dot and the word "Recording" (issue 34), said once as it appears: the time beside it changes every
 * second, so it is hidden from screen readers.
 */
export function RecordingIndicator({ elapsedSeconds }: { elapsedSeconds?: number }) {
  return (
    <Live role="status">
      <Dot aria-hidden="true" /> Recording{elapsedSeconds !== undefined && <span aria-hidden="true"> {formatLength(elapsedSeconds * 1000)}</span>}
    </Live>
  )
}

const Live = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 4px 0;
  font-weight: 700;
  color: ${theme.color.danger};
`

const Dot = styled.span`
  width: 12px;
  height: 12px;
  border-radius: 50%;
  background: ${theme.color.danger};
`
