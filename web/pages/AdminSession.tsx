import styled from 'styled-components'
import { useLocation, useSearch } from 'wouter'
import { Alert } from '../components/Alert.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'
import { useSessionCode } from '../session/SessionCode.tsx'
import { EventList } from '../admin/sessions/timeline/EventList.tsx'
import { StatePanel } from '../admin/sessions/timeline/StatePanel.tsx'
import { TimelineHeader } from '../admin/sessions/timeline/TimelineHeader.tsx'
import { chosenStep, readStep, SESSIONS_TAB, stepHref } from '../admin/sessions/timeline/timeline-steps.ts'
import { ShownZoneProvider, useTimeZone } from '../board/times.ts'
import { useStateAt, useTimeline, worthRetrying } from '../admin/sessions/timeline/useSessionTimeline.ts'

/**
 * /admin/sessions/:code (ADMIN only, guarded in App.tsx; issue 37): a session's log as sentences, and the session
 * as it stood right after any event, with what each seat's screen held then, to settle a dispute. The step is in
 * the address (`?version=N`, or `?at=<ISO>` from a report), so a reload or a shared link opens at it.
 */
export default function AdminSession() {
  // The admin's zone, as the Sessions tab writes times: one clock for every time read about a session.
  return (
    <ShownZoneProvider value={useTimeZone().zone}>
      <SessionTimelinePage />
    </ShownZoneProvider>
  )
}

function SessionTimelinePage() {
  const code = useSessionCode()
  usePageTitle(`Session ${code}: timeline`)
  const [, navigate] = useLocation()
  const asked = readStep(useSearch())
  const timeline = useTimeline(code)
  const entries = timeline.value?.entries ?? []
  const chosen = chosenStep(asked, entries)
  // A version asked for is loaded at once, beside the timeline; a moment waits for the timeline to name its event.
  const version = asked.kind === 'version' ? asked.version : chosen === null ? null : String(chosen)
  const state = useStateAt(code, version)
  // Replacing the address: Back leaves the page rather than walking back through every step looked at.
  const step = (next: number) => navigate(stepHref(code, next), { replace: true })

  if (timeline.failure) {
    const unknown = timeline.failure.status === 404
    return (
      <Page>
        <h1>{unknown ? 'Session not found' : 'The timeline could not be loaded'}</h1>
        <Alert tone="error">
          {timeline.failure.message}
          {unknown && ` (code ${code}). Check the code, or find the session by a participant's name in the Sessions tab.`}
        </Alert>
        <Actions>
          <ButtonLink href={SESSIONS_TAB}>Back to the Sessions tab</ButtonLink>
          {worthRetrying(timeline.failure) && (
            <Button type="button" $variant="secondary" onClick={timeline.retry}>
              Try again
            </Button>
          )}
        </Actions>
      </Page>
    )
  }
  if (!timeline.value) {
    return (
      <Page>
        <h1>Session {code}</h1>
        <p role="status">Loading the session&apos;s timeline…</p>
      </Page>
    )
  }

  return (
    <Page>
      <TimelineHeader timeline={timeline.value} />
      <Columns>
        <ListColumn>
          <EventList entries={entries} chosen={chosen} onChoose={step} />
        </ListColumn>
        <StatePanel entries={entries} asked={asked} chosen={chosen} loaded={state} onStep={step} />
      </Columns>
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: ${theme.width.page};
  margin: 0 auto;
  padding: 32px 16px;
  h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
  h2 { font-size: 1.25rem; }
  @media (max-width: 400px) {
    padding: 24px 12px;
  }
`

/** The list beside the state on a wide screen; on a phone the list (scrolling inside itself) above it. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`

/** Stays in view while a long state (three case views) scrolls beside it. */
const ListColumn = styled.div`
  position: sticky;
  top: 12px;
  @media (max-width: 900px) {
    position: static;
  }
`

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
