import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import type { ProblemReportPage, ProblemReportView } from '../../schemas/problem-reports.ts'
import { caseFeedbackApi } from '../api/case-feedback.ts'
import { errorMessage } from '../api/client.ts'
import { Count, EmptyState, SmallButton } from '../admin/controls.tsx'
import { Alert } from '../components/Alert.tsx'
import { CaseVersionDialog } from './CaseVersionDialog.tsx'
import { ProblemReportItem } from './ProblemReportItem.tsx'

/**
 * The reviewers' queue of problems reported with cases (issue 35): open reports first, the longest waiting at the
 * top, then the closed ones. Each links the version the reporter played, shown read-only.
 */
export function ProblemReportsQueue() {
  const [page, setPage] = useState(0)
  const [loaded, setLoaded] = useState<ProblemReportPage | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [viewing, setViewing] = useState<ProblemReportView | null>(null)
  const [closedNote, setClosedNote] = useState<string | null>(null)
  const status = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    setFailure(null)
    caseFeedbackApi.queue(page, controller.signal).then(setLoaded, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, 'The problem reports could not be loaded.'))
    })
    return () => controller.abort()
  }, [page, attempt])

  const closed = (report: ProblemReportView) => {
    setLoaded((current) => current && { ...current, openCount: current.openCount - 1, reports: current.reports.map((r) => (r.id === report.id ? report : r)) })
    setClosedNote(`Report on "${report.caseTitle}" ${report.status === 'RESOLVED' ? 'resolved' : 'dismissed'}.`)
    // Its form is gone with the focus in it: the focus goes to the news, which is read out.
    status.current?.focus()
  }

  const pages = Math.max(loaded?.totalPages ?? 1, 1)
  return (
    <section aria-labelledby="problem-reports-heading">
      <h2 id="problem-reports-heading">Problem reports</h2>
      <div ref={status} tabIndex={-1} role="status">
        {closedNote && <Alert tone="success">{closedNote}</Alert>}
        {loaded && !failure && <Count>{loaded.openCount === 1 ? '1 report is open.' : `${loaded.openCount} reports are open.`}</Count>}
      </div>
      {failure && (
        <Alert tone="error">
          {failure}{' '}
          <SmallButton type="button" $variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </SmallButton>
        </Alert>
      )}
      {!loaded && !failure && <p role="status">Loading the problem reports…</p>}
      {loaded && loaded.reports.length === 0 && <EmptyState>No problem has been reported yet.</EmptyState>}
      {loaded?.reports.map((report) => <ProblemReportItem key={report.id} report={report} onClosed={closed} onViewVersion={setViewing} />)}
      {pages > 1 && (
        <Pages aria-label="Pages of problem reports">
          <SmallButton type="button" $variant="secondary" onClick={() => setPage(page - 1)} disabled={page === 0}>
            Previous
          </SmallButton>
          <span>
            Page {page + 1} of {pages}
          </span>
          <SmallButton type="button" $variant="secondary" onClick={() => setPage(page + 1)} disabled={page + 1 >= pages}>
            Next
          </SmallButton>
        </Pages>
      )}
      {viewing && <CaseVersionDialog caseId={viewing.caseId} version={viewing.caseVersion} onClose={() => setViewing(null)} />}
    </section>
  )
}

const Pages = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-top: 12px;
`
