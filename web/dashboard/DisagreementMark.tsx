import { Chip } from '../components/Chip.tsx'
import { DISAGREEMENT_GAP } from './stations.ts'

/** Marks a score the station's raters are DISAGREEMENT_GAP or more apart on: in words, not by colour alone. */
export function DisagreementMark() {
  return (
    <Chip $tone="danger" title={`The raters differ by ${DISAGREEMENT_GAP} or more: talk it through`}>
      Disagreement
    </Chip>
  )
}
