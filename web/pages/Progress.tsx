import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { ProgressPeriod, ProgressReport } from '../../schemas/progress.ts'
import { errorMessage } from '../api/client.ts'
import { progressApi } from '../api/progress.ts'
import { Alert } from '../components/Alert.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { ShownZoneProvider, useTimeZone } from '../board/times.ts'
import { Agreement } from '../progress/Agreement.tsx'
import { Coverage } from '../progress/Coverage.tsx'
import { StationTypes } from '../progress/StationTypes.tsx'
import { MockExams } from '../progress/MockExams.tsx'
import { SelfMarked } from '../progress/SelfMarked.tsx'
import { Headline } from '../progress/Headline.tsx'
import { PeriodAndExport } from '../progress/PeriodAndExport.tsx'
import { Muted } from '../progress/progress-ui.tsx'
import { TrendCharts } from '../progress/TrendCharts.tsx'
import { WeakPoints } from '../progress/WeakPoints.tsx'

/** Where the candidate stands (issue 18): every figure is computed by the server for the chosen period. */
export default function Progress() {
  usePageTitle('My progress')
  const [period, setPeriod] = useState<ProgressPeriod>('all')
  const [report, setReport] = useState<ProgressReport | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { zone } = useTimeZone()

  useEffect(() => {
    const controller = new AbortController()
    setFailure(null)
    progressApi.report(period, controller.signal).then(setReport, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, 'Your progress could not be loaded. Please try again.'))
    })
    return () => controller.abort()
  }, [period])

  return (
    <Page>
      <h1>My progress</h1>
      <Muted>
        From the feedback you received as the doctor, on the exam&apos;s scale: each domain graded A to E (4 to 0 points), the station out of 12,
        the examiner&apos;s global judgement and the feedback areas.
      </Muted>
      <PeriodAndExport period={period} onPeriod={setPeriod} />
      {failure && <Alert tone="error">{failure}</Alert>}
      {report === null ? (
        !failure && <Muted role="status">Loading your progress…</Muted>
      ) : (
        // Days in the profile's zone, else the browser's, as on the dashboard.
        <ShownZoneProvider value={zone}>
          <div aria-busy={report.days !== (period === 'all' ? null : Number(period))}>
            <Headline headline={report.headline} domains={report.domains} areas={report.areas} />
            <TrendCharts trend={report.trend} />
            <WeakPoints weakest={report.weakest} areas={report.areas} domains={report.domains} unassignedFeedback={report.unassignedFeedback} days={report.days} />
            <Coverage coverage={report.coverage} days={report.days} />
            <StationTypes stationTypes={report.stationTypes} />
            <MockExams mockExams={report.mockExams} />
            <SelfMarked selfMarked={report.selfMarked} />
            <Agreement agreement={report.agreement} />
          </div>
        </ShownZoneProvider>
      )}
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { font-size: 1.6rem; margin: 0; }
`
