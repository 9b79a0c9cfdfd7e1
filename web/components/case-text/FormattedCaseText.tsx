import styled from 'styled-components'
import { CaseTextBlocks } from './CaseText.tsx'

/** Case text as the room, the debrief and the editor's preview show it. */
export function FormattedCaseText({ text }: { text: string }) {
  if (!text.trim()) return null
  return (
    <Body>
      <CaseTextBlocks text={text} />
    </Body>
  )
}

const Body = styled.div`
  overflow-wrap: anywhere;
  p, ul, ol { margin: 0 0 8px; }
  ul, ol { padding-left: 22px; }
  li + li { margin-top: 2px; }
  > :last-child { margin-bottom: 0; }
`
