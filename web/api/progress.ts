import { progressContracts } from '../../schemas/api/progress.ts'
import type { ProgressPeriod } from '../../schemas/progress.ts'
import { call } from './client.ts'
import { downloadFile } from './transfer.ts'

/** GET /api/progress and the feedback export (issue 18). */

export const progressApi = {
  report: (days: ProgressPeriod, signal?: AbortSignal) => call(progressContracts.report, { query: { days }, signal }),

  /** Saves the export as a file. */
  download: (format: 'csv' | 'json', days: ProgressPeriod) =>
    downloadFile(`${progressContracts.export.path}?${new URLSearchParams({ days, format })}`, `plab-feedback.${format}`),
}
