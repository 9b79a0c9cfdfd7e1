import styled, { createGlobalStyle } from 'styled-components'
import { Link, useParams } from 'wouter'
import { adminSessionContracts } from '../../schemas/api/admin-sessions.ts'
import { call } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useSessionCode } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'
import { CaseSection, FeedbackSection, SeatsSection, TimingsSection } from '../admin/sessions/round-summary/RoundSummarySections.tsx'
import { timelineAddress } from '../admin/sessions/timeline-address.ts'
import { useMomentWords } from '../admin/sessions/timeline/useMomentWords.ts'
import { ShownZoneProvider, useShownZone, useTimeZone } from '../board/times.ts'
import { useLoaded, worthRetrying } from '../admin/sessions/timeline/useSessionTimeline.ts'

/**
 * /admin/sessions/:code/rounds/:round (ADMIN only, guarded in App.tsx; issue 37): one round as a plain document to
 * print and share with the candidates concerned: the case played, who sat where, each phase against its deadline,
 * the feedback given. Names only, never an email. The round is sent as typed: the server says what is wrong with it.
 */

function useRoundSummary(code: string, round: string) {
  return useLoaded(`${code}#${round}`, (signal) => call(adminSessionContracts.roundSummary, { params: { code, round }, signal }), 'The round summary could not be loaded. Please try again.')
}

/** Times in the admin's zone, as the Sessions tab and the timeline write them; named on the page, since a printed time means nothing without it. */
export default function RoundSummary() {
  return (
    <ShownZoneProvider value={useTimeZone().zone}>
      <RoundSummaryPage />
    </ShownZoneProvider>
  )
}

function RoundSummaryPage() {
  const zone = useShownZone()
  const { dateTime } = useMomentWords()
  const code = useSessionCode()
  const round = useParams<{ round: string }>().round ?? ''
  const { value: summary, failure, retry } = useRoundSummary(code, round)
  usePageTitle(`Session ${code}, round ${round}: summary`)
  const back = (
    <Back data-no-print>
      <Link href={timelineAddress(code)}>Back to the session&apos;s timeline</Link>
    </Back>
  )

  if (failure) {
    return (
      <Page>
        {back}
        <h1>{failure.status === 404 ? 'Round not found' : 'The round summary could not be loaded'}</h1>
        <Alert tone="error">{failure.message}</Alert>
        {worthRetrying(failure) && (
          <Button type="button" $variant="secondary" onClick={retry}>
            Try again
          </Button>
        )}
      </Page>
    )
  }
  if (!summary) {
    return (
      <Page>
        {back}
        <h1>
          Session {code}, round {round}
        </h1>
        <p role="status">Loading the round summary…</p>
      </Page>
    )
  }

  const began = summary.phases[0]?.startedAt
  return (
    <Page>
      <PrintPlain />
      {back}
      <h1>
        Session {summary.code}
        {summary.title && `: ${summary.title}`}, round {summary.round}
      </h1>
      <Meta>
        {began && (
          <>
            Played <time dateTime={began}>{dateTime(began)}</time>.{' '}
          </>
        )}
        Times are in {zone} time.
      </Meta>
      <Actions data-no-print>
        <Button type="button" onClick={() => window.print()}>
          Print
        </Button>
      </Actions>
      <CaseSection summary={summary} />
      <SeatsSection summary={summary} />
      <TimingsSection summary={summary} />
      <FeedbackSection summary={summary} />
    </Page>
  )
}

/** On paper only the document: no navigation bar, footer or skip link, black on white. */
const PrintPlain = createGlobalStyle`
  @media print {
    #root > header, #root > footer, #root > a[href='#main'] { display: none !important; }
    html, body, #root, main { background: #fff !important; color: #000 !important; }
  }
`

const Page = styled.article`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  padding: 24px 16px 32px;
  h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
  h2 { font-size: 1.25rem; margin-top: 24px; padding-top: 12px; border-top: 1px solid ${theme.color.border}; }
  h3 { font-size: 1.05rem; margin-top: 16px; }
  @media (max-width: 400px) {
    padding: 20px 12px 28px;
  }
  @media print {
    max-width: none;
    padding: 0;
    button, [data-no-print] { display: none !important; }
    * { color: #000 !important; background: transparent !important; box-shadow: none !important; }
    th, td, h2 { border-color: #000 !important; }
    tr, li { break-inside: avoid; }
    h2, h3 { break-after: avoid; }
  }
`

const Back = styled.p`
  margin: 0 0 8px;
  a { display: inline-flex; align-items: center; min-height: 44px; }
`

const Meta = styled.p`
  color: ${theme.color.muted};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 8px;
`
