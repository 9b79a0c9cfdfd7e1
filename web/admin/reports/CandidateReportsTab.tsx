import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'
import type { CandidateReportView } from '../../../schemas/partners/safety.ts'
import { errorMessage } from '../../api/client.ts'
import { safetyApi } from '../../api/safety.ts'
import { useTimeZone } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { CandidateReportItem } from './CandidateReportItem.tsx'

/**
 * The admins' "Reports" tab (issue 36): reports about candidates, the open ones first and the longest waiting at
 * the top, then the latest closed ones. Each names the reported person's email, by which an admin finds them in User
 * Management to suspend them.
 */
export function CandidateReportsTab() {
  const { zone } = useTimeZone()
  const [reports, setReports] = useState<CandidateReportView[] | null>(null)
  const [openCount, setOpenCount] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const list = await safetyApi.adminReports(signal)
      setReports(list.reports)
      setOpenCount(list.openCount)
      setFailure(null)
    } catch (error) {
      if (!signal?.aborted) setFailure(errorMessage(error, 'Could not load the reports'))
    }
  }, [])

  useEffect(() => {
    const controller = new AbortController()
    void load(controller.signal)
    return () => controller.abort()
  }, [load])

  // The closed report stays where it is until the list is read again, so the admin's place is kept.
  const closed = (report: CandidateReportView) => {
    setReports((list) => list?.map((other) => (other.id === report.id ? report : other)) ?? null)
    setOpenCount((count) => Math.max(0, count - 1))
    setNotice(`The report about ${report.reported.name} is closed.`)
  }

  return (
    <section aria-label="Reports about candidates">
      <Muted>
        Reports candidates sent about someone they practised with or agreed a time with: {openCount} open. Open a report&apos;s session timeline to see what the
        session recorded up to the moment of the report.
      </Muted>
      {failure && (
        <>
          <Alert tone="error">{failure}</Alert>
          <Button type="button" $variant="secondary" onClick={() => void load()}>
            Try Again
          </Button>
        </>
      )}
      <div role="status">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {reports === null ? (
        !failure && <p role="status">Loading the reports…</p>
      ) : reports.length === 0 ? (
        <p>No reports.</p>
      ) : (
        reports.map((report) => <CandidateReportItem key={report.id} report={report} zone={zone} onClosed={closed} />)
      )}
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`
