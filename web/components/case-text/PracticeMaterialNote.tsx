import styled from 'styled-components'
import { practiceMaterialNote, type CaseAttribution } from '../../../schemas/practice-material.ts'
import { theme } from '../../theme.ts'

/** The line every case shows where a candidate reads it: what the case is, practice material, and whose. */
export function PracticeMaterialNote({ attribution }: { attribution: CaseAttribution }) {
  return <Note>{practiceMaterialNote(attribution)}</Note>
}

const Note = styled.p`
  margin: 4px 0;
  color: ${theme.color.muted};
  font-size: 0.85rem;
`
