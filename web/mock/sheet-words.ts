import type { SharedResultSheet, StationRow } from '../../schemas/mock/result-sheet.ts'

/** The result sheet's words, the same on the page and in the PDF. */

/** The overall line: a circuit ended early gives no result, as the exam gives none for a circuit not sat. */
export const overallResult = (sheet: Pick<SharedResultSheet, 'complete' | 'passed' | 'stations'>) =>
  !sheet.complete ? `No overall result: the circuit ended after ${sheet.stations.length} ${sheet.stations.length === 1 ? 'station' : 'stations'}` : sheet.passed ? 'Pass at this standard' : 'Not yet at the pass standard'

export const OUTCOME: Record<StationRow['outcome'], string> = { MARKED: '', NOT_MARKED: 'Not marked in time' }
