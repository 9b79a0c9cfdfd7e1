import styled from 'styled-components'
import { theme } from '../theme.ts'
import { DISAGREEMENT_GAP } from './stations.ts'

/** Marks a score the station's raters are DISAGREEMENT_GAP or more apart on: in words, not by colour alone. */
export function DisagreementMark() {
  return <Mark title={`The raters differ by ${DISAGREEMENT_GAP} or more: talk it through`}>Disagreement</Mark>
}

const Mark = styled.span`
  padding: 0 8px;
  border-radius: ${theme.radius.round};
  border: 1px dashed ${theme.color.danger};
  color: ${theme.color.danger};
  background: ${theme.color.dangerSoft};
  font-size: 0.8rem;
  font-weight: 700;
  white-space: nowrap;
`
