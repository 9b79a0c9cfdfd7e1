import { useEffect, useId, useMemo, useState } from 'react'
import styled from 'styled-components'
import type { CaseFeedbackSource, CaseRatingView } from '../../schemas/case-feedback.ts'
import { caseFeedbackApi } from '../api/case-feedback.ts'
import { ApiError } from '../api/client.ts'
import { theme } from '../theme.ts'
import { keptReport, sourceKey } from './case-feedback-form.ts'
import { CaseRatingForm } from './CaseRatingForm.tsx'
import { ProblemReportForm } from './ProblemReportForm.tsx'

/** Not found (not this person's station) or conflict (not over yet). */
const REFUSALS = [403, 404, 409]

type Loaded = { state: 'loading' } | { state: 'refused' } | { state: 'ready'; saved: CaseRatingView | null }

/**
 * After a station (issue 35): rate the case and report a problem with it, wherever the participant is once it is
 * over (the room's feedback phase, the debrief, a solo station's marking). The server says whether this person may
 * (they played it, and it is over); when it refuses, the card is not shown, as there is nothing to rate here.
 */
export function CaseFeedbackCard({ source, userId }: { source: CaseFeedbackSource; userId: number }) {
  const key = sourceKey(source)
  // The pages pass a fresh object on each render: one per station, so the effects run once per station.
  const stable = useMemo(() => source, [key])
  // A report begun before a reload opens where it was left.
  const [reportBegun] = useState(() => {
    const kept = keptReport(userId, source)
    return kept.kind !== '' || kept.details !== ''
  })
  const headingId = useId()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    caseFeedbackApi.myRating(stable, controller.signal).then(
      (answer) => setLoaded({ state: 'ready', saved: answer.rating }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        // Refused: not this person's station, or not over. Anything else (the network): the forms say so on sending.
        setLoaded(error instanceof ApiError && REFUSALS.includes(error.status) ? { state: 'refused' } : { state: 'ready', saved: null })
      },
    )
    return () => controller.abort()
  }, [stable])

  if (loaded.state === 'refused') return null
  return (
    <Box aria-labelledby={headingId}>
      <h2 id={headingId}>How was this case?</h2>
      {loaded.state === 'loading' ? (
        <p role="status">Loading your rating…</p>
      ) : (
        <>
          <p>Your rating helps others choose cases: only the average of everyone&apos;s ratings is shown, never who gave which.</p>
          <CaseRatingForm key={key} source={stable} saved={loaded.saved} />
          <Report open={reportBegun}>
            <summary>Report a problem with this case</summary>
            <ProblemReportForm key={key} source={stable} userId={userId} />
          </Report>
        </>
      )}
    </Box>
  )
}

const Box = styled.section`
  margin-top: 20px;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  /* Its own colours and spacing: it sits in the room's green "Feedback Submitted" box too. */
  background: ${theme.color.surface};
  color: ${theme.color.text};
  h2 { font-size: 1.2rem; margin-top: 0; }
  p { margin: 0 0 12px; }
  @media (max-width: 400px) {
    padding: 12px;
  }
`

const Report = styled.details`
  margin-top: 20px;
  padding-top: 12px;
  border-top: 1px solid ${theme.color.border};
  summary {
    cursor: pointer;
    font-weight: 700;
    padding: 10px 0;
  }
`
