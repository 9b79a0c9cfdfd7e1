import { route } from './contract.ts'
import { ProgressExportQuery, ProgressQuery, ProgressReportSchema } from '../progress.ts'

/** The candidate's own progress (issue 18). */
export const progressContracts = {
  report: route('GET', '/progress', { query: ProgressQuery, answer: ProgressReportSchema }),
  /** A download: CSV, or JSON whose items are the feedback as GET /feedback/received gives it, sent as a file. */
  export: route('GET', '/progress/export', { query: ProgressExportQuery }),
}
