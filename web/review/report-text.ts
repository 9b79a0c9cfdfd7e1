import { PROBLEM_KIND_LABELS } from '../../schemas/case-feedback.ts'
import { REPORT_STATUS_LABELS, type ProblemReportView } from '../../schemas/problem-reports.ts'

/** How the reviewers' queue words a report (issue 35): pure, so the wording is tested without a browser. */

export function sourceText(source: ProblemReportView['source']): string {
  if (source.kind === 'SOLO') return 'Practised alone'
  return source.sessionCode ? `Session ${source.sessionCode}, round ${source.round}` : `Round ${source.round} of a session`
}

export const reporterText = (report: ProblemReportView): string => report.reporterName ?? 'A former user (account deleted)'

/** "Version 2 (now version 3)": a reviewer sees at once whether the case was edited after the report. */
export function versionText(report: ProblemReportView): string {
  const reported = `Version ${report.caseVersion}`
  return report.caseVersion === report.currentVersion ? `${reported} (the current version)` : `${reported} (now version ${report.currentVersion})`
}

export const kindText = (report: ProblemReportView): string => PROBLEM_KIND_LABELS[report.kind]

/** "Resolved by Rita Reviewer on 3 May 2025" for a closed report; null for an open one. */
export function closedText(report: ProblemReportView): string | null {
  if (report.status === 'OPEN' || report.resolvedAt === null) return null
  const by = report.resolvedByName ?? 'a former reviewer'
  return `${REPORT_STATUS_LABELS[report.status]} by ${by} on ${dayText(report.resolvedAt)}`
}

export const dayText = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })
