import styled from 'styled-components'
import type { AdminSessionState, AdminTimelineEntry } from '../../../../schemas/api/admin-sessions.ts'
import { Alert } from '../../../components/Alert.tsx'
import { BusyButton, Button } from '../../../components/Button.tsx'
import { theme } from '../../../theme.ts'
import { SessionThen } from './SessionThen.tsx'
import type { StepAsked } from './timeline-steps.ts'
import { useMomentWords } from './useMomentWords.ts'
import { worthRetrying, type Loaded } from './useSessionTimeline.ts'

interface Props {
  entries: AdminTimelineEntry[]
  asked: StepAsked
  /** The event shown, when the address names one the list has (null otherwise). */
  chosen: number | null
  loaded: Loaded<AdminSessionState>
  onStep: (version: number) => void
}

/**
 * The step being read: how the address chose it, Previous / Next, and the session right after it. While the next
 * step loads, the one before stays in view (marked busy) so the page does not jump under the reader.
 */
export function StatePanel({ entries, asked, chosen, loaded, onStep }: Props) {
  const last = entries.length
  const asking = asked.kind === 'version' ? asked.version : chosen
  const shown = loaded.value
  return (
    <Panel aria-labelledby="timeline-state-heading">
      <h2 id="timeline-state-heading">{asking === null ? 'The session at a step' : `The session after version ${asking}`}</h2>
      <AskedNotice asked={asked} chosen={chosen} />
      {asking === null && <p>Choose an event in the list to see the session as it stood right after it, and what each screen held.</p>}
      {chosen !== null && (
        <Steps role="group" aria-label="Step through the events">
          {/* Held at either end rather than disabled, so the keyboard keeps its place on the button. */}
          <BusyButton type="button" $variant="secondary" busy={chosen <= 1} onClick={() => onStep(chosen - 1)}>
            Previous event
          </BusyButton>
          <BusyButton type="button" $variant="secondary" busy={chosen >= last} onClick={() => onStep(chosen + 1)}>
            Next event
          </BusyButton>
        </Steps>
      )}
      {loaded.loading && <p role="status">Loading the session after version {asking}…</p>}
      {loaded.failure && (
        <Alert tone="error">
          {loaded.failure.message}{' '}
          {worthRetrying(loaded.failure) && (
            <Button type="button" $variant="secondary" onClick={loaded.retry}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {shown && (
        <Shown aria-busy={loaded.loading || undefined} $stale={loaded.loading}>
          <SessionThen state={shown} entries={entries} />
        </Shown>
      )}
    </Panel>
  )
}

/** How an address's `?at=` was read: the moment it names and the event chosen for it, or why none could be. */
function AskedNotice({ asked, chosen }: { asked: StepAsked; chosen: number | null }) {
  const { dateTime } = useMomentWords()
  if (asked.kind === 'badAt') return <Alert tone="error">The link's moment “{asked.text}” is not a date and time, so no event was chosen. Choose one in the list.</Alert>
  if (asked.kind !== 'at') return null
  if (chosen === null) {
    return <Alert tone="error">The session's log starts after {dateTime(new Date(asked.at).toISOString())}, the moment linked to: no event is at or before it. Choose one in the list.</Alert>
  }
  return (
    <Notice role="status">
      Opened at the last event at or before {dateTime(new Date(asked.at).toISOString())}, the moment linked to.
    </Notice>
  )
}

const Panel = styled.section`
  min-width: 0;
  h2 { margin-top: 0; }
`

const Steps = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
`

const Shown = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`

const Notice = styled.p`
  padding: 10px 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  overflow-wrap: anywhere;
`
